import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { buildForProduction } from '../support/production-build';

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
}, async ({ signal }) => {
  const buildDir = await buildForProduction(signal);
  const { scripts, withHook } = await scriptsWithHook(join(buildDir, 'extension'));
  expect(scripts).toBeGreaterThan(3);
  expect(withHook).toEqual([]);
  const server = await serverFilesWithFaultHook(join(buildDir, 'site'));
  expect(server.files).toBeGreaterThan(3);
  expect(server.withHook).toEqual([]);
});
