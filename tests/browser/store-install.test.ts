// The path a store install takes: the zip `npm run package` writes, unzipped and loaded without a pinned key (so
// Chromium gives it an id of its own, as the store does), records a tab and hands the recording to a site built to
// trust that id (the run's site: the global setup builds it to trust the id Chromium gives the zip unpacked where this
// test unpacks it). The extension has no test hooks here: the recording is started and stopped through the messages
// its own pages send.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { spawnTree } from '../../scripts/lib/process-tree';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS, type ExtensionBrowser } from '../support/browser';
import { openPages, readSiteRecording, setSettings, waitForEditor } from '../support/recording-harness';
import { storeInstallExtensionDir, storeInstallExtensionId, unpackedExtensionId } from '../support/test-builds';

/** Runs `npm run package` (its script); resolves with the zip's path it printed. */
function runPackage(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    // A tree of its own (builds, a browser): stopped with this test file's process if the test gives up on it.
    const { child } = spawnTree(
      process.execPath,
      ['--import', 'tsx', 'scripts/package-extension.ts', '--allow-development'],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.once('close', (code) => {
      const zip = /zip: +(\S+\.zip)/.exec(stdout)?.[1];
      if (code === 0 && zip) resolve(zip);
      else reject(new Error(`npm run package exited with ${code}:\n${stdout}`));
    });
  });
}

const siteUrl = inject('siteUrl');
let extensionDir: string;
let extensionId: string;
let context: BrowserContext | null = null;

beforeAll(async () => {
  const dir = join(inject('buildDir'), 'store-install');
  await mkdir(dir, { recursive: true });
  // The extension is built for the run's site; a store build needs https, a test serves http on localhost: hence
  // --allow-development, which changes nothing but letting that address through.
  const zip = await runPackage({ SITE_URL: siteUrl, BUILD_DIR: join(dir, 'package') });
  extensionDir = storeInstallExtensionDir(inject('buildDir'));
  const unzip = spawnSync('unzip', ['-q', zip, '-d', extensionDir], { encoding: 'utf8' });
  if (unzip.status !== 0) throw new Error(`unzip failed: ${unzip.stderr}`);
  extensionDir = await realpath(extensionDir);
  extensionId = unpackedExtensionId(extensionDir);
}, 900_000);

afterAll(async () => {
  await context?.close();
});

/** Sends a recorder command the way the extension's own pages do; returns the recorder's phase after it. */
async function command(extensionPage: Page, name: 'start' | 'stop'): Promise<string> {
  return extensionPage.evaluate(
    async (commandName) =>
      (
        (await chrome.runtime.sendMessage({ to: 'background', type: 'command', command: commandName })) as {
          phase: string;
        }
      ).phase,
    name,
  );
}

test('the packaged zip, loaded without a key, records a tab and hands it to the site built for it', async () => {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8'));
  expect(manifest).not.toHaveProperty('key');
  context = await chromium.launchPersistentContext(join(inject('buildDir'), 'store-install', 'profile'), {
    executablePath: findBrowser(),
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Lets the capture start without a click on the toolbar button, which a test cannot make.
      `--allowlisted-extension-id=${extensionId}`,
    ],
  });
  const worker: Worker =
    context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  // The id Chromium gave it is the one the site was built to trust.
  expect(new URL(worker.url()).host).toBe(extensionId);
  expect(extensionId).toBe(storeInstallExtensionId(inject('buildDir')));
  const browser: ExtensionBrowser = {
    context,
    extensionId,
    serviceWorker: worker,
    userDataDir: join(inject('buildDir'), 'store-install', 'profile'),
    close: async () => context?.close(),
  };
  // Installed, it opens the configured site's welcome page.
  await expect.poll(() => context?.pages().some((p) => p.url() === `${siteUrl}/welcome`)).toBe(true);

  const controls = await context.newPage();
  await controls.goto(`chrome-extension://${extensionId}/controls.html`);
  const page = await context.newPage();
  await page.goto(`${siteUrl}/privacy-policy`);
  await page.bringToFront();
  await setSettings(browser, { countdown: false });
  expect(await command(controls, 'start')).toBe('recording');
  for (let i = 0; i < 30; i++) {
    await page.mouse.move(100 + i * 10, 200 + (i % 5) * 10);
    await page.waitForTimeout(50);
  }
  const earlier = openPages(browser);
  expect(await command(controls, 'stop')).toBe('idle');

  const editor = await waitForEditor(browser, earlier);
  expect(editor.url().startsWith(`${siteUrl}/editor`)).toBe(true);
  const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
  const { recording, video } = await readSiteRecording(editor, id);
  expect(video.length).toBeGreaterThan(1000);
  expect(recording.id).toBe(id);
});
