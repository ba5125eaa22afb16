import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { chromeWebStoreUrl, SUGGESTED_SHORTCUT } from '../../shared/config/product';
import {
  CHROMIUM_FLAGS,
  type ExtensionBrowser,
  extensionIdOf,
  launchWithExtension,
  waitForWelcomePage,
} from '../support/browser';
import { probeVideo } from '../support/export-checks';

const SHORTCUTS_PAGE = 'chrome://extensions/shortcuts';

/** Sets (or with '' clears) the record shortcut the way chrome://extensions/shortcuts does. */
async function setShortcut(browser: ExtensionBrowser, keybinding: string): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await page.goto(SHORTCUTS_PAGE);
    await page.evaluate(
      ({ extensionId, keybinding }) => {
        const developer = (
          globalThis as unknown as {
            chrome: { developerPrivate: { updateExtensionCommand(update: object): Promise<void> } };
          }
        ).chrome.developerPrivate;
        return developer.updateExtensionCommand({ extensionId, commandName: 'toggle-recording', keybinding });
      },
      { extensionId: browser.extensionId, keybinding },
    );
  } finally {
    await page.close();
  }
}

/** Waits for a tab on the browser's shortcut page (opened by the extension) and closes it. */
async function expectShortcutsPageOpened(browser: ExtensionBrowser, earlier: Set<Page>): Promise<void> {
  const opened = () => browser.context.pages().find((p) => !earlier.has(p) && p.url() === SHORTCUTS_PAGE);
  await expect.poll(opened, { timeout: 15_000 }).toBeTruthy();
  await opened()?.close();
}

describe('a fresh install of the built extension', () => {
  let browser: ExtensionBrowser;
  let welcome: Page;

  beforeAll(async () => {
    // A fake microphone that the browser's prompt allows by itself: the permission page's test takes it.
    const fakeMicrophone = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
    browser = await launchWithExtension(inject('extensionDir'), fakeMicrophone, undefined, [], { keepWelcome: true });
    welcome = await waitForWelcomePage(browser.context);
  });
  afterAll(async () => {
    await browser?.close();
  });

  test(`binds the record shortcut: chrome.commands.getAll() shows toggle-recording on ${SUGGESTED_SHORTCUT}`, async () => {
    const commands = await browser.serviceWorker.evaluate(() => chrome.commands.getAll());
    expect(commands.find((command) => command.name === 'toggle-recording')?.shortcut).toBe(SUGGESTED_SHORTCUT);
  });

  test('installing opens /welcome, which shows how to record, pinning the button and the bound shortcut', async () => {
    expect(welcome.url()).toBe(`${inject('siteUrl')}/welcome`);
    await expect(welcome.locator('h1').textContent()).resolves.toBe('Welcome to Clickreel');
    await expect
      .poll(() => welcome.locator('[data-shortcut]').getAttribute('data-shortcut'), { timeout: 15_000 })
      .toBe('bound');
    const text = (await welcome.locator('main').textContent())?.replace(/\s+/g, ' ');
    expect(text).toContain(`Your shortcut: press ${SUGGESTED_SHORTCUT}`);
    expect(text).toContain('click the Clickreel button in the toolbar');
    expect(text).toContain('click the pin beside Clickreel');
    await expect(welcome.getByRole('button', { name: 'Set a shortcut' }).isVisible()).resolves.toBe(false);
  });

  test('/welcome links a demo video the site serves (made by Clickreel’s export), as long as it says', async () => {
    const link = welcome.getByRole('link', { name: /^Watch the demo/ });
    const href = await link.getAttribute('href');
    const saidSeconds = Number((await link.textContent())?.match(/\((\d+) seconds\)/)?.[1]);
    const response = await fetch(new URL(href as string, inject('siteUrl')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    const dir = await mkdtemp(join(tmpdir(), 'clickreel-demo-'));
    try {
      const path = join(dir, 'demo.mp4');
      await writeFile(path, Buffer.from(await response.arrayBuffer()));
      const probe = probeVideo(path);
      expect(probe.videoCodec).toBe('h264');
      // Sound that plays everywhere (QuickTime and Safari play no Opus in MP4), or none.
      expect([null, 'aac', 'mp3']).toContain(probe.audioCodec);
      expect(Math.round(probe.videoDuration)).toBe(saidSeconds);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The page plays it from the site itself, no other host.
    await expect(welcome.locator('video.demo').getAttribute('src')).resolves.toBe(href);
  });

  test('the controls show the bound shortcut', async () => {
    const controls = await browser.context.newPage();
    await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
    await expect(controls.locator('[data-shortcut=bound]').textContent()).resolves.toContain(SUGGESTED_SHORTCUT);
    await controls.close();
  });

  test('the page that asks for the microphone (the recorder cannot) says when it is allowed', async () => {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/permissions.html#microphone`);
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Done: Clickreel can now record your microphone. You can close this tab.');
  });

  test('/install says "Installed" with the extension loaded, without the steps', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${inject('siteUrl')}/install`);
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Installed: Clickreel is in this browser.');
    await expect(page.locator('[data-install-steps]').isVisible()).resolves.toBe(false);
    await page.close();
  });

  test('with the shortcut unbound, the controls and /welcome say so and open the browser’s shortcut page', async () => {
    await setShortcut(browser, '');
    try {
      const controls = await browser.context.newPage();
      await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
      await expect(controls.locator('[data-shortcut=unbound]').textContent()).resolves.toContain(
        'No keyboard shortcut is set',
      );
      let earlier = new Set(browser.context.pages());
      await controls.getByRole('button', { name: 'Set a shortcut' }).click();
      await expectShortcutsPageOpened(browser, earlier);
      await controls.close();

      await welcome.reload();
      await expect
        .poll(() => welcome.locator('[data-shortcut]').getAttribute('data-shortcut'), { timeout: 15_000 })
        .toBe('unbound');
      await expect(welcome.locator('[data-shortcut]').textContent()).resolves.toContain('No shortcut is set');
      earlier = new Set(browser.context.pages());
      await welcome.getByRole('button', { name: 'Set a shortcut' }).click();
      await expectShortcutsPageOpened(browser, earlier);
    } finally {
      await setShortcut(browser, SUGGESTED_SHORTCUT);
    }
  });
});

describe('the install pages without the extension', () => {
  let browser: Browser;
  // The test site trusts the id the test build pins; in production the first trusted id is the store id.
  let store: string;

  beforeAll(async () => {
    store = chromeWebStoreUrl(await extensionIdOf(inject('extensionDir')));
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('/install shows the install steps and links the Chrome Web Store listing', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('siteUrl')}/install`);
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Clickreel is not installed in this browser yet.');
    await expect(page.locator('[data-install-steps]').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Pin it:').isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('link', { name: 'Add to Chrome from the Chrome Web Store' }).getAttribute('href'),
    ).resolves.toBe(store);
    await page.close();
  });

  test('the home page (a development build) says how to load the unpacked extension; /brave links the store listing', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('siteUrl')}/`);
    // The test build trusts the development extension, which no store lists.
    await expect(page.getByRole('link', { name: 'Load the unpacked extension' }).getAttribute('href')).resolves.toBe(
      '/install#load-unpacked',
    );
    await expect(page.getByTestId('development-install').textContent()).resolves.toContain('dist/extension');
    await expect(page.getByRole('link', { name: "Add to Chrome, it's free" }).count()).resolves.toBe(0);
    await page.goto(`${inject('siteUrl')}/brave`);
    await expect(
      page.getByRole('link', { name: 'Clickreel page of the Chrome Web Store' }).getAttribute('href'),
    ).resolves.toBe(store);
    await page.close();
  });

  test('/welcome without the extension says it did not answer and links /install', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('siteUrl')}/welcome`);
    await expect
      .poll(() => page.locator('[data-shortcut]').getAttribute('data-shortcut'), { timeout: 15_000 })
      .toBe('unknown');
    await expect(
      page.locator('[data-shortcut]').getByRole('link', { name: 'Install Clickreel' }).count(),
    ).resolves.toBe(1);
    await page.close();
  });
});
