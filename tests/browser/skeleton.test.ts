import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';

describe('the built product in Chromium', () => {
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    browser = await launchWithExtension(inject('extensionDir'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the extension service worker starts and reports its manifest', async () => {
    expect(browser.serviceWorker.url()).toBe(`chrome-extension://${browser.extensionId}/background.js`);
    const name = await browser.serviceWorker.evaluate(() => chrome.runtime.getManifest().name);
    expect(name).toBe('Clickreel');
  });

  test('the home page renders with its title and canonical link', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${inject('siteUrl')}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Create engaging screen recordings for free | Clickreel');
    await expect(page.locator('h1').textContent()).resolves.toContain('screen recordings');
    await expect(page.locator('link[rel=canonical]').getAttribute('href')).resolves.toBe(inject('siteUrl'));
  });

  test('an unknown path shows a 404 page naming the path', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${inject('siteUrl')}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Page Not Found: /no-such-page');
  });
});
