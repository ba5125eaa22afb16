import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from 'playwright-core';
import { findBrowser } from '../../../scripts/lib/system-tools';
import { extensionIdFromKey } from './extension-id';
import { TEST_EXTENSION_KEY } from './test-extension-key';

/** Flags this closed network needs (see shared/reference/toolchain.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** A headless Chromium with the built extension loaded under its fixed test id. */
export interface ExtensionBrowser {
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** The extension's service worker (background). */
  readonly serviceWorker: Worker;
  close(): Promise<void>;
}

function executablePath(): string {
  const path = findBrowser();
  if (!path) throw new Error('No Chromium found: install chromium or set CHROME_PATH (npm test installs it as root).');
  return path;
}

/** Copies the built extension and adds the test-only key, so the id is fixed and known. */
async function prepareExtension(extensionDir: string, workDir: string): Promise<string> {
  const target = join(workDir, 'extension');
  await cp(extensionDir, target, { recursive: true });
  const manifestPath = join(target, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  await writeFile(manifestPath, JSON.stringify({ ...manifest, key: TEST_EXTENSION_KEY }));
  return target;
}

/**
 * Launches Chromium with the built extension; extra flags are appended. With `keepDir`, the browser uses
 * (and keeps on close) that folder, so a second launch with it restarts the same browser profile.
 */
export async function launchWithExtension(
  extensionDir: string,
  extraArgs: string[] = [],
  keepDir?: string,
): Promise<ExtensionBrowser> {
  const workDir = keepDir ?? (await mkdtemp(join(tmpdir(), 'clickreel-browser-')));
  const extensionPath = await prepareExtension(extensionDir, workDir);
  const extensionId = extensionIdFromKey(TEST_EXTENSION_KEY);
  const context = await chromium.launchPersistentContext(join(workDir, 'profile'), {
    executablePath: executablePath(),
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionPath}`,
      `--load-extension=${extensionPath}`,
      `--allowlisted-extension-id=${extensionId}`,
      ...extraArgs,
    ],
  });
  const serviceWorker =
    context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`)) ??
    (await context.waitForEvent('serviceworker', {
      predicate: (w) => w.url().startsWith(`chrome-extension://${extensionId}/`),
      timeout: 15_000,
    }));
  return {
    context,
    extensionId,
    serviceWorker,
    close: async () => {
      await context.close();
      if (!keepDir) await rm(workDir, { recursive: true, force: true });
    },
  };
}
