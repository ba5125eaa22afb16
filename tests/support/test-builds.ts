// Builds the browser tests run on. The global setup builds the extension and the site in the background (the unit
// and golden tests run meanwhile) and leaves a marker in the run's build folder when the site answers; every browser
// test file waits for it first (tests/support/wait-for-test-builds.ts).
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnTree } from '../../scripts/lib/process-tree';
import { bin } from '../../scripts/lib/processes';

/** The run's builds are done and its site answers. */
export const BUILDS_READY = 'builds-ready';
/** A build or the site's start failed: the file says what, with the build's last lines. */
export const BUILDS_FAILED = 'builds-failed';

/**
 * Runs `<tool> <args>` (an npm dependency's binary) with `env`, its output appended to `logPath` (two builds at once
 * would interleave theirs on the terminal); resolves with whether it succeeded. `started` receives a stop for the
 * build and every process it started; `signal` (a test's, aborted when it times out) stops it too. A build still
 * running when this process ends is stopped with it (scripts/lib/process-tree.ts).
 */
export function runBuild(
  tool: 'wxt' | 'astro',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  logPath: string,
  started?: (stop: () => void) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const log = createWriteStream(logPath, { flags: 'a' });
    const { child, stop } = spawnTree(bin(tool), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    started?.(() => stop());
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', () => stop(), { once: true });
    child.once('error', () => log.end(() => resolve(false)));
    child.once('close', (code) => log.end(() => resolve(code === 0)));
  });
}

/** The last `lines` lines of a log file (empty when there is none). */
export function logTail(path: string, lines = 60): string {
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * Waits until the run's builds are served (the marker in `buildDir`); throws with the build's own words when they
 * failed. The limit only guards against a hang: on a loaded 2-core machine both builds took about two minutes.
 */
export async function waitForTestBuilds(buildDir: string, timeoutMs = 20 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(join(buildDir, BUILDS_READY))) {
    if (existsSync(join(buildDir, BUILDS_FAILED))) {
      throw new Error(`The browser tests' builds failed:\n${readFileSync(join(buildDir, BUILDS_FAILED), 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`The browser tests' builds were not ready after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Chromium's id for an extension loaded unpacked without a key: sha256 of its absolute path, mapped to a-p. */
export function unpackedExtensionId(absolutePath: string): string {
  const hex = createHash('sha256').update(absolutePath).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** Where the store-install test unpacks the store zip (`buildDir` without symlinks: Chromium hashes the real path). */
export function storeInstallExtensionDir(buildDir: string): string {
  return join(buildDir, 'store-install', 'unpacked');
}

/** The id Chromium gives the store zip unpacked there, known before it is made: the run's site is built to trust it. */
export function storeInstallExtensionId(buildDir: string): string {
  return unpackedExtensionId(storeInstallExtensionDir(buildDir));
}
