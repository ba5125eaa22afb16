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

/** The site's forced-error hook (site/src/server/test-faults.ts): its header's name, in any built server file. */
const FAULT_HOOK = 'x-clickreel-test-fault';

async function serverFilesWithFaultHook(siteDir: string): Promise<{ files: number; withHook: string[] }> {
  const serverDir = join(siteDir, 'server');
  const files = (await readdir(serverDir, { recursive: true })).filter((f) => f.endsWith('.mjs'));
  const withHook: string[] = [];
  for (const file of files)
    if ((await readFile(join(serverDir, file), 'utf8')).includes(FAULT_HOOK)) withHook.push(file);
  return { files: files.length, withHook };
}

function build(tool: 'wxt' | 'astro', env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(bin(tool), ['build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', done);
  });
}

test('the test build exposes the recorder to the tests in its service worker only', async () => {
  expect(await scriptsWithHook(inject('extensionDir'))).toEqual({
    scripts: expect.any(Number),
    withHook: ['background.js'],
  });
});

test('the test build of the site has the forced-error hook in its server', async () => {
  const { withHook } = await serverFilesWithFaultHook(join(inject('buildDir'), 'site'));
  expect(withHook.length).toBeGreaterThan(0);
});

test('a production build (npm run build) has no test hook in any script or server file', {
  timeout: 420_000,
}, async () => {
  await mkdir('dist/test-builds', { recursive: true });
  const buildDir = await mkdtemp(resolve('dist/test-builds/production-'));
  try {
    const { CLICKREEL_TEST_HOOKS: _, ...env } = process.env;
    const productionEnv = { ...env, ...inject('siteEnv'), BUILD_DIR: buildDir };
    expect(await build('wxt', productionEnv)).toBe(0);
    const { scripts, withHook } = await scriptsWithHook(join(buildDir, 'extension'));
    expect(scripts).toBeGreaterThan(3);
    expect(withHook).toEqual([]);
    expect(await build('astro', productionEnv)).toBe(0);
    const server = await serverFilesWithFaultHook(join(buildDir, 'site'));
    expect(server.files).toBeGreaterThan(3);
    expect(server.withHook).toEqual([]);
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
});
