import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { spawnTree } from './process-tree';

/** A shell that starts a grandchild (`sleep`), prints its pid and waits: a build with a worker of its own. */
const WITH_GRANDCHILD = ['-c', 'sleep 300 & echo $!; wait'];

const firstLine = (stream: Readable | null) =>
  new Promise<string>((resolve, reject) => {
    if (!stream) return reject(new Error('no output stream'));
    createInterface({ input: stream }).once('line', resolve);
    stream.once('end', () => reject(new Error('the process ended before printing a line')));
  });

/** Whether `pid` runs (an ended process its parent has not reaped yet, a zombie, does not). Linux's /proc. */
function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

test('stopping a tree ends the grandchildren too, not only the process it started', async () => {
  const tree = spawnTree('sh', WITH_GRANDCHILD, { stdio: ['ignore', 'pipe', 'ignore'] });
  const grandchild = Number(await firstLine(tree.child.stdout));
  expect(isRunning(grandchild)).toBe(true);
  const exited = new Promise((resolve) => tree.child.once('exit', resolve));
  tree.stop();
  await exited;
  await expect.poll(() => isRunning(grandchild)).toBe(false);
});

test('a process ended with SIGTERM (as vitest ends a test worker) takes the trees it started with it', async () => {
  const module = new URL('./process-tree.ts', import.meta.url).pathname;
  // Node itself (tsx's command would stand between, relaying the signal): tsx only as its loader.
  const parent = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { spawnTree } from ${JSON.stringify(module)};
       const tree = spawnTree('sh', ${JSON.stringify(WITH_GRANDCHILD)}, { stdio: ['ignore', 'inherit', 'ignore'] });
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const grandchild = Number(await firstLine(parent.stdout));
  expect(isRunning(grandchild)).toBe(true);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => parent.once('exit', (_, signal) => resolve(signal)));
  parent.kill('SIGTERM');
  // It still ends as SIGTERM ends a process.
  await expect(exited).resolves.toBe('SIGTERM');
  await expect.poll(() => isRunning(grandchild)).toBe(false);
});
