import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { extensionIdFromKey } from '../../shared/config/extension-id';
import { bin, freePort, run, waitForHttp } from './processes';

// What the scripts that drive the real product in Chromium (store-assets, make-demo) share: their command line, a
// site (built and served, or one already running) with the extension built for it, and Chromium with it loaded.

const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** `--out`, `--site-url` and `--extension-dir` (the last two together or neither); prints `help` for `-h`. */
export function parseSiteCommandLine(help: string) {
  let options: { out?: string; 'site-url'?: string; 'extension-dir'?: string; help?: boolean };
  try {
    options = parseArgs({
      options: {
        out: { type: 'string' },
        'site-url': { type: 'string' },
        'extension-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${help}`, 2);
  }
  if (options.help) {
    console.log(help);
    process.exit(0);
  }
  if (Boolean(options['site-url']) !== Boolean(options['extension-dir'])) {
    fail('Give --site-url and --extension-dir together (or neither, to build both).', 2);
  }
  return options;
}

/** A site and the extension built for it (with the development key, so its id is known); `server` when started here. */
export interface SiteWithExtension {
  readonly siteUrl: string;
  readonly extensionDir: string;
  readonly extensionId: string;
  readonly server: ChildProcess | null;
}

/** Builds the extension and the site into `buildDir` for a free port and serves the site. */
async function buildAndServe(buildDir: string, dataPrefix: string) {
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR: buildDir, SITE_URL: siteUrl, PORT: String(port) };
  delete env.EXTENSION_KEY;
  delete env.TRUSTED_EXTENSION_IDS;
  delete env.CLICKREEL_TEST_HOOKS;
  console.log('Building the extension and the site...');
  if (!run(bin('wxt'), ['build'], env) || !run(bin('astro'), ['build'], env)) fail('The build failed (see above).');
  const server = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
    env: { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), dataPrefix)) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`${siteUrl}/`);
  return { siteUrl, extensionDir: join(buildDir, 'extension'), server };
}

/**
 * The site and extension the command line names, else both built into `buildDir` (inside the repository: the
 * built server resolves its packages from node_modules) and served, with its database in a `dataPrefix` temp folder.
 */
export async function siteWithExtension(
  options: { 'site-url'?: string; 'extension-dir'?: string },
  buildDir: string,
  dataPrefix: string,
): Promise<SiteWithExtension> {
  const served = options['site-url']
    ? {
        siteUrl: options['site-url'].replace(/\/+$/, ''),
        extensionDir: resolve(options['extension-dir'] as string),
        server: null,
      }
    : await buildAndServe(resolve(buildDir), dataPrefix);
  const manifest = JSON.parse(readFileSync(join(served.extensionDir, 'manifest.json'), 'utf8')) as { key?: string };
  if (!manifest.key)
    fail(`${served.extensionDir} has no manifest key: build it with the development key (EXTENSION_KEY unset).`);
  return { ...served, extensionId: extensionIdFromKey(manifest.key) };
}

/** Headless Chromium with the extension loaded, and the extension's service worker. */
export async function launchWithExtension(
  site: SiteWithExtension,
  options: {
    readonly executablePath: string;
    readonly profileDir: string;
    readonly viewport: { width: number; height: number };
    readonly acceptDownloads?: boolean;
    /** More Chromium flags (the demo's proxy). */
    readonly extraArgs?: readonly string[];
  },
): Promise<{ context: BrowserContext; worker: Worker }> {
  const { extensionDir, extensionId } = site;
  const context = await chromium.launchPersistentContext(options.profileDir, {
    executablePath: options.executablePath,
    headless: true,
    viewport: options.viewport,
    deviceScaleFactor: 1,
    acceptDownloads: options.acceptDownloads,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // The recording is started as the extension's own pages start it, without a click on the toolbar button.
      `--allowlisted-extension-id=${extensionId}`,
      ...(options.extraArgs ?? []),
    ],
  });
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`)) ??
      (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
    return { context, worker };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Records the page at `pageUrl` with the extension (countdown off) while `visit` moves about it, stops, and returns
 * the editor the extension opens with the recording, once it shows it.
 */
export async function recordPageIntoEditor(
  context: BrowserContext,
  worker: Worker,
  site: Pick<SiteWithExtension, 'siteUrl' | 'extensionId'>,
  pageUrl: string,
  visit: (page: Page) => Promise<void>,
): Promise<Page> {
  const { siteUrl, extensionId } = site;
  await worker.evaluate(() => chrome.storage.local.set({ recorderSettings: { countdown: false } }));
  const controls = await context.newPage();
  await controls.goto(`chrome-extension://${extensionId}/controls.html`);
  const demo = await context.newPage();
  await demo.goto(pageUrl);
  await demo.waitForLoadState('networkidle');
  await demo.bringToFront();
  const send = (command: 'start' | 'stop') =>
    controls.evaluate(
      async (name) =>
        ((await chrome.runtime.sendMessage({ to: 'background', type: 'command', command: name })) as { phase: string })
          .phase,
      command,
    );
  if ((await send('start')) !== 'recording') fail('The demo recording did not start.');
  await visit(demo);
  const before = new Set(context.pages());
  if ((await send('stop')) !== 'idle') fail('The demo recording did not stop.');

  const deadline = Date.now() + 90_000;
  let editor: Page | undefined;
  while (!editor && Date.now() < deadline) {
    editor = context.pages().find((p) => !before.has(p) && p.url().startsWith(`${siteUrl}/editor`));
    if (!editor) await new Promise((r) => setTimeout(r, 200));
  }
  if (!editor) fail('The editor did not open with the demo recording.');
  await editor.locator('[data-state=showing]').waitFor({ timeout: 90_000 });
  return editor;
}
