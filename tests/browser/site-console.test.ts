// Every page of the built site, served by its own server with its real headers, loads without the browser
// complaining about the Permissions-Policy header (an unrecognized feature logs an error on every page).
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { SITE_ROUTES } from '../../shared/site/route-guards';
import { CHROMIUM_FLAGS } from '../support/browser';

/** Every page a visitor can open, and the error page (a path that does not exist). */
const PAGES = [...SITE_ROUTES, '/no-such-page'] as const;

const PERMISSIONS_POLICY = /Permissions-Policy|Permissions Policy|Unrecognized feature/i;

describe('the site’s pages in the browser console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('no page logs an error or warning about its Permissions-Policy header', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const complaints: string[] = [];
    let path = '';
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && PERMISSIONS_POLICY.test(message.text()))
        complaints.push(`${path}: ${message.text()}`);
    });
    for (path of PAGES) {
      const response = await page.goto(`${inject('siteUrl')}${path}`, { waitUntil: 'load' });
      expect(response?.headers()['permissions-policy'], path).toContain('camera=()');
    }
    expect(complaints).toEqual([]);
    await context.close();
  });
});
