import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bin, freePort, run, waitForHttp } from '../../../scripts/lib/processes';
import { startProviderSandbox } from '../../../scripts/provider-sandbox/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the built site, served on a free port for this run. */
    siteUrl: string;
    /** Base URL of the provider sandbox the site talks to. */
    sandboxUrl: string;
    /** The built extension (its manifest key pins the id the built site trusts). */
    extensionDir: string;
  }
}

// Builds the extension and the site for a free port, then serves the built site and the provider sandbox.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A build of its own per run, so parallel runs and a running `npm start` do not overwrite each other.
  // Inside the repository: the built server resolves its packages from node_modules.
  await mkdir('dist/test-builds', { recursive: true });
  const buildDir = await mkdtemp(resolve('dist/test-builds/run-'));
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  const sandbox = await startProviderSandbox({ port: 0 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    SITE_URL: siteUrl,
    POLAR_API_URL: sandbox.url,
    LEMONSQUEEZY_API_URL: sandbox.url,
    ASTRO_TELEMETRY_DISABLED: '1',
    BUILD_DIR: buildDir,
  };
  if (!run(bin('wxt'), ['build'], env) || !run(bin('astro'), ['build'], env)) {
    await sandbox.close();
    await rm(buildDir, { recursive: true, force: true });
    throw new Error('Building the extension or the site for the browser tests failed (see the output above).');
  }

  const site: ChildProcess = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHttp(`${siteUrl}/`);

  project.provide('siteUrl', siteUrl);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('extensionDir', join(buildDir, 'extension'));

  return async () => {
    site.kill('SIGTERM');
    await sandbox.close();
    await rm(buildDir, { recursive: true, force: true });
  };
}
