import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, inject, test } from 'vitest';
import { bin } from '../../scripts/lib/processes';

/** The test hooks' assignment (extension/background/test-hooks.ts) as the minifier writes it. */
const HOOK = /globalThis\.clickreel\s*=/;

async function scriptsWithHook(extensionDir: string): Promise<{ scripts: number; withHook: string[] }> {
  const files = (await readdir(extensionDir, { recursive: true })).filter((f) => f.endsWith('.js'));
  const withHook: string[] = [];
  for (const file of files) if (HOOK.test(await readFile(join(extensionDir, file), 'utf8'))) withHook.push(file);
  return { scripts: files.length, withHook };
}

function build(env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(bin('wxt'), ['build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', done);
  });
}

test('the test build exposes the recorder to the tests in its service worker only', async () => {
  expect(await scriptsWithHook(inject('extensionDir'))).toEqual({
    scripts: expect.any(Number),
    withHook: ['background.js'],
  });
});

test('a production build (npm run build) has no test hook in any script', { timeout: 240_000 }, async () => {
  await mkdir('dist/test-builds', { recursive: true });
  const buildDir = await mkdtemp(resolve('dist/test-builds/production-'));
  try {
    const { CLICKREEL_TEST_HOOKS: _, ...env } = process.env;
    expect(await build({ ...env, BUILD_DIR: buildDir })).toBe(0);
    const { scripts, withHook } = await scriptsWithHook(join(buildDir, 'extension'));
    expect(scripts).toBeGreaterThan(3);
    expect(withHook).toEqual([]);
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
});
