import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type PostgresCluster, startPostgresCluster } from '../../scripts/lib/postgres-cluster';
import { freePort, waitForHttp } from '../../scripts/lib/processes';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../../scripts/provider-sandbox/seed';
import { startProviderSandbox } from '../../scripts/provider-sandbox/server';
import { readBuildConfig } from '../../shared/config/build-config';
import { BUILDS_FAILED, BUILDS_READY, logTail, runBuild, storeInstallExtensionId } from './test-builds';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the built site, served on a free port for this run. */
    siteUrl: string;
    /** Base URL of the provider sandbox the site talks to. */
    sandboxUrl: string;
    /** The built extension (its manifest key pins the id the built site trusts). */
    extensionDir: string;
    /** This run's build (site and extension): more site instances can be started from it. */
    buildDir: string;
    /** The environment the site was started with (secrets included: tests are the server's side). */
    siteEnv: Record<string, string>;
    /** A PostgreSQL server for this run (its `postgres` database; create others for isolation). */
    postgresUrl: string;
  }
}

/**
 * What the test site runs with: the sandbox's providers and secrets, a PGlite folder in the build dir, a 1 s
 * answer cache (tests then see provider faults without waiting a minute), and limits far above what the tests
 * send (the limits themselves are tested on instances of their own).
 */
export function testSiteEnv(buildDir: string, siteUrl: string, sandboxUrl: string): Record<string, string> {
  return {
    HOST: 'localhost',
    SITE_URL: siteUrl,
    POLAR_API_URL: sandboxUrl,
    LEMONSQUEEZY_API_URL: sandboxUrl,
    POLAR_ACCESS_TOKEN: SANDBOX_ACCESS_TOKEN,
    POLAR_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
    DATA_DIR: join(buildDir, 'data'),
    LICENSE_CACHE_SECONDS: '1',
    API_REQUESTS_PER_MINUTE: '100000',
    PROVIDER_CALLS_PER_MINUTE: '100000',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** Opens the site's license database (created on first use) before any test times a request. */
export async function warmUpLicenses(siteUrl: string): Promise<void> {
  await fetch(`${siteUrl}/api/licenses/pro/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ browserProfile: { id: 'warm-up-profile', name: 'Warm-up' } }),
  });
}

// Starts the provider sandbox and a PostgreSQL server, then builds the extension and the site for a free port and
// serves the built site. The builds run in the background, side by side: the unit and golden tests run meanwhile,
// and each browser test file waits for them (tests/support/wait-for-test-builds.ts).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A build of its own per run, so parallel runs and a running `npm start` do not overwrite each other.
  // Inside the repository: the built server resolves its packages from node_modules.
  await mkdir('dist/test-builds', { recursive: true });
  const buildDir = await realpath(await mkdtemp(resolve('dist/test-builds/run-')));
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  const sandbox = await startProviderSandbox({ port: 0, siteUrl, webhookSecret: SANDBOX_WEBHOOK_SECRET });
  let postgres: PostgresCluster | null = null;
  const siteEnv = testSiteEnv(buildDir, siteUrl, sandbox.url);
  // CLICKREEL_TEST_HOOKS: the extension's service worker exposes the recorder to the tests (production builds do not).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...siteEnv,
    PORT: String(port),
    BUILD_DIR: buildDir,
    CLICKREEL_TEST_HOOKS: '1',
  };
  // The site takes recordings from the test build and from the store-install test's keyless copy of the store zip
  // (tests/browser/store-install.test.ts), which then needs no site build of its own.
  env.TRUSTED_EXTENSION_IDS = [...readBuildConfig(env).trustedExtensionIds, storeInstallExtensionId(buildDir)].join(
    ',',
  );
  const cleanUp = async () => {
    await sandbox.close();
    await postgres?.stop();
    await rm(buildDir, { recursive: true, force: true });
  };
  try {
    postgres = await startPostgresCluster();
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const stops: (() => void)[] = [];
  let site: ChildProcess | null = null;
  const logPath = join(buildDir, 'build.log');
  const served = (async () => {
    const built = await Promise.all(
      (['wxt', 'astro'] as const).map((tool) => runBuild(tool, ['build'], env, logPath, (stop) => stops.push(stop))),
    );
    if (built.includes(false)) throw new Error('Building the extension or the site for the browser tests failed.');
    site = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHttp(`${siteUrl}/`);
    await warmUpLicenses(siteUrl);
  })().then(
    () => writeFile(join(buildDir, BUILDS_READY), ''),
    async (error: Error) => {
      const report = `${error.message}\nThe builds' last lines (${logPath}):\n${logTail(logPath)}`;
      console.error(report);
      await writeFile(join(buildDir, BUILDS_FAILED), report);
    },
  );

  project.provide('siteUrl', siteUrl);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('extensionDir', join(buildDir, 'extension'));
  project.provide('buildDir', buildDir);
  project.provide('siteEnv', siteEnv);
  project.provide('postgresUrl', postgres.url);

  return async () => {
    for (const stop of stops) stop();
    await served;
    (site as ChildProcess | null)?.kill('SIGTERM');
    await cleanUp();
  };
}
