import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { findBrowser } from '../../scripts/lib/system-tools';
import { extensionIdFromKey } from '../../shared/config/extension-id';

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

/** A headless Chromium with the built extension loaded under the id its build pins. */
export interface ExtensionBrowser {
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** The extension's service worker (background). */
  readonly serviceWorker: Worker;
  /** The browser profile's folder (unique to this browser: it names it among the machine's processes). */
  readonly userDataDir: string;
  close(): Promise<void>;
}

function executablePath(): string {
  const path = findBrowser();
  if (!path) throw new Error('No Chromium found: install chromium or set CHROME_PATH (npm test installs it as root).');
  return path;
}

/** The id an unpacked extension gets: the one its manifest `key` pins (development and test builds have one). */
export async function extensionIdOf(extensionDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8')) as { key?: string };
  if (!manifest.key) throw new Error(`${extensionDir} has no manifest key: build it without EXTENSION_KEY=none`);
  return extensionIdFromKey(manifest.key);
}

/**
 * The /welcome tab the extension opens when it is installed (Chromium installs an extension loaded with
 * --load-extension anew at every launch, so every launch opens one): waits until it is there.
 */
export async function waitForWelcomePage(context: BrowserContext, timeoutMs = 20_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const welcome = context.pages().find((p) => URL.canParse(p.url()) && new URL(p.url()).pathname === '/welcome');
    if (welcome) return welcome;
    if (Date.now() > deadline) throw new Error('the extension opened no /welcome tab on install');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a test does with the /welcome tab the install opens: close it (the default) or keep it to check it. */
export interface LaunchOptions {
  readonly keepWelcome?: boolean;
  /**
   * An X display (e.g. an Xvfb screen) to run headed on, with the window's own size (no emulated viewport): the real
   * OS pointer then reaches the page, and tab capture burns it into the frames as on a user's machine.
   */
  readonly display?: string;
  /**
   * Composite on the GPU (SwiftShader here) instead of `--disable-gpu`: only then does Chromium's tab capture render
   * the page at the capture's scale when it is asked for more pixels than the tab has (its HiDPI capture).
   */
  readonly gpu?: boolean;
}

/** The flags a browser is launched with: CHROMIUM_FLAGS, with GPU compositing on SwiftShader when asked for. */
function launchFlags(gpu = false): string[] {
  if (!gpu) return [...CHROMIUM_FLAGS];
  return [
    ...CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'),
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ];
}

/**
 * Launches Chromium with the built extension (and any `alsoLoad` unpacked extensions beside it); extra
 * flags are appended. With `keepDir`, the browser uses (and keeps on close) that folder, so a second
 * launch with it restarts the same browser profile. The /welcome tab the install opens is closed before
 * this resolves (unless `keepWelcome`), so a test sees only the tabs it opens.
 */
export async function launchWithExtension(
  extensionPath: string,
  extraArgs: string[] = [],
  keepDir?: string,
  alsoLoad: readonly string[] = [],
  options: LaunchOptions = {},
): Promise<ExtensionBrowser> {
  const workDir = keepDir ?? (await mkdtemp(join(tmpdir(), 'clickreel-browser-')));
  const extensionId = await extensionIdOf(extensionPath);
  const extensions = [extensionPath, ...alsoLoad].join(',');
  const userDataDir = join(workDir, 'profile');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: executablePath(),
    headless: options.display === undefined,
    ...(options.display === undefined ? {} : { viewport: null, env: { ...process.env, DISPLAY: options.display } }),
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...launchFlags(options.gpu),
      `--disable-extensions-except=${extensions}`,
      `--load-extension=${extensions}`,
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
  if (!options.keepWelcome) await (await waitForWelcomePage(context)).close();
  return {
    context,
    extensionId,
    serviceWorker,
    userDataDir,
    close: async () => {
      await context.close();
      if (!keepDir) await rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Exports in this context's pages take the download path (the origin private file system, as in browsers without
 * a save dialog): a test cannot answer the browser's save dialog, which headless Chromium closes at once.
 */
export async function exportToDownloads(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as { showSaveFilePicker?: unknown }).showSaveFilePicker = undefined;
  });
}
