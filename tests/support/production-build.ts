// One production build per test run, as `npm run build` makes it for a deploy: no test hooks, a public https address,
// the store's extension id and no pinned key. The tests that need one share it (the first to ask builds it): the
// test-hooks check reads it, the production-start tests run its server.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { withLockFile } from './machine-share';
import { logTail, runBuild } from './test-builds';

export const PUBLIC_SITE_URL = 'https://clickreel.example';
/** The id a store would give the extension (any well-formed id that is not the development one). */
export const STORE_EXTENSION_ID = 'ponmlkjihgfedcbaponmlkjihgfedcba';

/**
 * The run's production build (extension/ and site/ in the folder it resolves with), built on first use. `signal`: the
 * calling test's, so a test that times out stops the builds rather than leaving them running.
 */
export async function buildForProduction(signal?: AbortSignal): Promise<string> {
  // Two files that need it may run side by side: the first builds it, the other waits for that build.
  return withLockFile(join(inject('buildDir'), 'production.lock'), () => buildOnce(signal));
}

async function buildOnce(signal?: AbortSignal): Promise<string> {
  const dir = join(inject('buildDir'), 'production');
  const done = join(dir, 'built');
  if (existsSync(done)) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { CLICKREEL_TEST_HOOKS: _, ...env } = process.env;
  const productionEnv = {
    ...env,
    ASTRO_TELEMETRY_DISABLED: '1',
    SITE_URL: PUBLIC_SITE_URL,
    EXTENSION_KEY: 'none',
    TRUSTED_EXTENSION_IDS: STORE_EXTENSION_ID,
    BUILD_DIR: dir,
  };
  const log = join(dir, 'build.log');
  // npm run build: the extension and the site (side by side: two cores).
  const built = await Promise.all([
    runBuild('wxt', ['build'], productionEnv, log, undefined, signal),
    runBuild('astro', ['build'], productionEnv, log, undefined, signal),
  ]);
  if (built.includes(false)) throw new Error(`The production build failed:\n${logTail(log)}`);
  await writeFile(done, '');
  return dir;
}
