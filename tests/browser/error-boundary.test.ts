import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../support/browser';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';

let browser: Browser;
let server: TestPageServer;

beforeAll(async () => {
  server = await serveTestPage('tests/fixtures/pages/error-boundary-page.tsx');
  browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('a crash while rendering the editor or the library becomes a message with a way back, not a blank page', async () => {
  const page = await browser.newPage();
  await page.goto(server.url());
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.textContent()).toMatch(/^Something went wrong in the editor/);
  await expect(alert.textContent()).resolves.toContain("Cannot read properties of null (reading 'width')");
  await expect(alert.textContent()).resolves.toContain('Your recordings are still stored in this browser');
  await expect(alert.getByRole('link', { name: 'Back to your recordings' }).getAttribute('href')).resolves.toBe(
    '/recordings',
  );
  // Whatever made it crash is gone (a reload of the data, say): "Try again" shows it.
  await page.evaluate(() => (globalThis as unknown as { repair(): void }).repair());
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.getByTestId('rendered').textContent()).toBe('Rendered after all');
  await page.close();
});
