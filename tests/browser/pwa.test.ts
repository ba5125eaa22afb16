import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';

describe('the site as an installable, offline-capable app', () => {
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    browser = await launchWithExtension(inject('extensionDir'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the web manifest is linked and describes an installable app', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${inject('siteUrl')}/`);
    await expect(page.locator('link[rel=manifest]').getAttribute('href')).resolves.toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ name: 'Clickreel', display: 'standalone', scope: '/' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await page.close();
  });

  test('a service worker registers at /sw.js with scope / and pages open offline', async () => {
    const page = await browser.context.newPage();
    const siteUrl = inject('siteUrl');
    await page.goto(`${siteUrl}/`);
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${siteUrl}/`, script: `${siteUrl}/sw.js` });
    // An active worker has finished installing, and installing is precaching every page.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.swState), { timeout: 15_000 })
      .toMatch(/^(activated|offline ready)$/);

    await browser.context.setOffline(true);
    try {
      const offline = await browser.context.newPage();
      await offline.goto(`${siteUrl}/welcome`);
      await expect(offline.locator('h1').textContent()).resolves.toBe('Welcome to Clickreel');
      await offline.close();
    } finally {
      await browser.context.setOffline(false);
    }
    await page.close();
  });
});
