import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForHttp } from '../../scripts/lib/processes';
import { warmUpLicenses } from './global-setup';

/** Another server process of this run's built site. */
export interface SiteInstance {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built site on `port` (a free one by default) with `env` over the run's site environment. Each port has
 * its own embedded database folder: PGlite serves one process, and the run's site has the shared folder open (a
 * second process opening it aborted at start). Instances that share state set DATABASE_URL.
 */
export async function startSiteInstance(
  buildDir: string,
  siteEnv: Record<string, string>,
  env: Record<string, string>,
  port?: number,
): Promise<SiteInstance> {
  port ??= await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
    env: { ...process.env, ...siteEnv, DATA_DIR: join(buildDir, `data-${port}`), ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  await waitForHttp(`${url}/`);
  await warmUpLicenses(url);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
