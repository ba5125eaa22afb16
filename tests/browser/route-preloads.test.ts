// Route preloads are for prerendered routes only: a page load never makes the server render a page
// rendered per request (/licenses, the error pages), although every page links /licenses.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { SITE_ROUTES } from '../../shared/site/route-guards';
import { CHROMIUM_FLAGS } from '../support/browser';

/** Pages the server renders per request. */
const PER_REQUEST = ['/licenses', '/404', '/500'];

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
});
afterAll(async () => {
  await browser?.close();
});

test('the build manifest names only prerendered routes, and a page load preloads no per-request route', async () => {
  // No service worker: every preload reaches the server, where it would have been rendered.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const preloaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') preloaded.push(new URL(request.url()).pathname);
  });
  const prefetchOf = (p: Page) => p.evaluate(() => document.documentElement.dataset.prefetch ?? '');

  for (const route of SITE_ROUTES.filter((r) => r !== '/licenses' && r !== '/editor')) {
    preloaded.length = 0;
    await page.goto(`${inject('siteUrl')}${route}`);
    await expect.poll(() => prefetchOf(page), { timeout: 30_000 }).toMatch(/^done: \d+$/);
    // Every one of these pages links /licenses (the footer): it is not preloaded.
    await expect(page.locator('a[href="/licenses"]').count()).resolves.toBeGreaterThan(0);
    const manifest = preloaded.find((path) => path.startsWith('/builds/meta/'));
    expect(manifest, route).toBeDefined();
    const routes = ((await (await fetch(`${inject('siteUrl')}${manifest}`)).json()) as { routes: string[] }).routes;
    expect(routes, route).toEqual(expect.arrayContaining(['/', '/editor', '/welcome']));
    for (const path of PER_REQUEST) {
      expect(routes, route).not.toContain(path);
      expect(preloaded, route).not.toContain(path);
    }
    // Prerendered pages linked are still preloaded.
    expect(
      preloaded.filter((path) => !path.startsWith('/builds/')).every((path) => routes.includes(path)),
      route,
    ).toBe(true);
  }
  await context.close();
});
