// 'Support contact: {email}' beside every "Something went wrong. Please reach out to support." the product can show:
// the editor (no footer), the /licenses panel, the extension's controls (no footer).
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { SUPPORT_EMAIL, supportContactLine } from '../../shared/config/product';
import { SOMETHING_WENT_WRONG } from '../../shared/licenses/license-status';
import { CHROMIUM_FLAGS, launchWithExtension } from '../support/browser';
import { type SiteInstance, startSiteInstance } from '../support/site-instance';

const WAIT = { timeout: 30_000 };
const LINE = supportContactLine();

let browser: Browser;
let faulty: SiteInstance;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  // A server of this build with test faults on: a request with the header makes its endpoint throw.
  faulty = await startSiteInstance(inject('buildDir'), inject('siteEnv'), { CLICKREEL_TEST_FAULTS: '1' });
});
afterAll(async () => {
  await browser?.close();
  await faulty?.stop();
});

test('the editor names the support address, with a mail link', async () => {
  const page = await browser.newPage();
  await page.goto(`${inject('siteUrl')}/editor`);
  const line = page.getByTestId('support-contact');
  await expect(line.count()).resolves.toBe(1);
  await expect(line.textContent()).resolves.toBe(LINE);
  await expect(line.getByRole('link').getAttribute('href')).resolves.toBe(`mailto:${SUPPORT_EMAIL}`);
  await page.close();
});

test('the /licenses panel gives the address beside "Something went wrong"', async () => {
  const page = await browser.newPage();
  // Only the license calls carry the fault: the license endpoint throws, the page itself renders.
  await page.route(`${faulty.url}/api/licenses/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-clickreel-test-fault': 'throw' } }),
  );
  await page.goto(`${faulty.url}/licenses`);
  await expect.poll(() => page.getByTestId('plan').textContent(), WAIT).toBe('Free');
  await expect(page.getByTestId('license-support-contact').count()).resolves.toBe(0);
  await page.getByLabel('License key').fill(demoKeyName('lemonsqueezy', 3, 'valid', 3));
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect.poll(() => page.getByTestId('license-message').textContent(), WAIT).toBe(SOMETHING_WENT_WRONG);
  const line = page.getByTestId('license-support-contact');
  await expect(line.textContent()).resolves.toBe(LINE);
  await expect(line.getByRole('link').getAttribute('href')).resolves.toBe(`mailto:${SUPPORT_EMAIL}`);
  await page.close();
});

test('the extension’s controls name the support address', async () => {
  const extension = await launchWithExtension(inject('extensionDir'));
  try {
    const controls = await extension.context.newPage();
    await controls.goto(`chrome-extension://${extension.extensionId}/controls.html`);
    const line = controls.getByTestId('support-contact');
    await expect.poll(() => line.textContent(), WAIT).toBe(LINE);
    await expect(line.getByRole('link').getAttribute('href')).resolves.toBe(`mailto:${SUPPORT_EMAIL}`);
  } finally {
    await extension.close();
  }
});
