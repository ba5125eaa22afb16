import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bin, freePort, run, waitForHttp } from '../../../scripts/lib/processes';
import { startProviderSandbox } from '../../../scripts/provider-sandbox/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the built site, served on a free port for this run. */
    siteUrl: string;
    /** Base URL of the provider sandbox the site talks to. */
    sandboxUrl: string;
    /** The built extension (without the test key; the launcher adds it). */
    extensionDir: string;
  }
}

// Builds the extension and the site for a free port, then serves the built site and the provider sandbox.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  };
  if (!run(bin('wxt'), ['build'], env)) throw new Error('wxt build failed');
  if (!run(bin('astro'), ['build'], env)) throw new Error('astro build failed');

  const site: ChildProcess = spawn(process.execPath, [resolve('dist/site/server/entry.mjs')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHttp(`${siteUrl}/`);

  project.provide('siteUrl', siteUrl);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('extensionDir', resolve('dist/extension'));

  return async () => {
    site.kill('SIGTERM');
    await sandbox.close();
  };
}
