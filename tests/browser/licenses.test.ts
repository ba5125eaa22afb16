import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { CHROMIUM_FLAGS, launchWithExtension } from '../support/browser';
import { sandboxControl } from '../support/license-http';
import { activateProWithLink } from '../support/pro-license';

/** Waiting for a page to hear from the server: generous, the machine may be loaded. */
const WAIT = { timeout: 30_000 };
const DOWN = 'License validation service is down. Please try again later.';

const plan = (page: Page) => page.getByTestId('plan').textContent();
const storedKey = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('clickreel:license') ?? 'null') as { key: string } | null)?.key);

test('the buyer’s path: /licenses with the extension, paste a key, Pro with this profile bound; the controls show Pro', async () => {
  const browser = await launchWithExtension(inject('extensionDir'));
  try {
    const profile = await browser.serviceWorker.evaluate(() => {
      if (!globalThis.clickreel) throw new Error('This extension build has no test hooks (CLICKREEL_TEST_HOOKS=1).');
      return globalThis.clickreel.loadBrowserProfile();
    });
    const page = await browser.context.newPage();
    await page.goto(`${inject('siteUrl')}/licenses`);
    await expect.poll(() => page.getByText(`This browser profile: ${profile.name}`).count(), WAIT).toBe(1);
    await expect(page.getByTestId('no-extension').count()).resolves.toBe(0);
    await expect(plan(page)).resolves.toBe('Free');

    await page.getByLabel('License key').fill(` ${demoKeyName('lemonsqueezy', 9, 'valid', 1)}\n`);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => plan(page), WAIT).toBe('Pro');
    await expect(page.getByTestId('license-email').textContent()).resolves.toMatch(/@example\.com$/);
    const bound = page.getByTestId('bound-profile');
    await expect(bound.count()).resolves.toBe(1);
    await expect(bound.textContent()).resolves.toContain(`${profile.name} (this browser)`);
    await expect(page.getByRole('heading', { name: 'Browser profiles (1 of 3)' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Open the customer portal' }).getAttribute('href')).resolves.toBe(
      `${inject('sandboxUrl')}/billing`,
    );

    // The site handed the key to the extension; its controls check it with the same browser profile.
    const controls = await browser.context.newPage();
    await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
    await expect.poll(() => controls.getByTestId('plan').textContent(), { timeout: 30_000 }).toBe('Pro');
    await expect(controls.getByTestId('license-email').textContent()).resolves.toMatch(/@example\.com$/);
  } finally {
    await browser.close();
  }
});

describe('pro in the site, without the extension', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await sandboxControl('DELETE', '/sandbox/faults');
  });

  test('setting localStorage clickreel:pro unlocks nothing; without the extension the page says so', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('clickreel:pro', 'true'));
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/licenses`);
    await expect.poll(() => page.getByTestId('no-extension').count(), WAIT).toBe(1);
    await expect(plan(page)).resolves.toBe('Free');
    // A made-up stored license is refused by the server and cleared.
    await page.evaluate(() =>
      localStorage.setItem('clickreel:license', JSON.stringify({ key: 'MADE-UP', email: 'me@x' })),
    );
    await page.reload();
    await expect.poll(() => page.getByTestId('license-message').textContent(), WAIT).toBe('License invalid');
    await expect(plan(page)).resolves.toBe('Free');
    await expect(storedKey(page)).resolves.toBeUndefined();
    await context.close();
  });

  test('?licenseKey= is checked only when no key is stored, and leaves the address bar', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = demoKeyName('lemonsqueezy', 15, 'valid', 1);
    const second = demoKeyName('lemonsqueezy', 15, 'valid', 2);
    await activateProWithLink(page, first);
    expect(new URL(page.url()).search).toBe('');
    const email = await page.getByTestId('license-email').textContent();

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/licenses/pro/')) asked.push(request.postData() ?? '');
    });
    await page.goto(`${inject('siteUrl')}/licenses?licenseKey=${second}`);
    await expect.poll(() => plan(page), WAIT).toBe('Pro');
    await expect(page.getByTestId('license-email').textContent()).resolves.toBe(email);
    await expect(storedKey(page)).resolves.toBe(first);
    expect(asked.some((body) => body.includes(second))).toBe(false);
    expect(asked.some((body) => body.includes(first))).toBe(true);
    await context.close();
  });

  test('a key stored in another tab makes this tab check it again', async () => {
    const context = await browser.newContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) await page.goto(`${inject('siteUrl')}/licenses`);
    for (const page of [a, b]) await expect.poll(() => plan(page), WAIT).toBe('Free');
    const aChecks = a.waitForRequest((r) => r.url().endsWith('/api/licenses/pro/validate'));
    await b.getByLabel('License key').fill(demoKeyName('lemonsqueezy', 9, 'valid', 2));
    await b.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => plan(b), WAIT).toBe('Pro');
    await aChecks;
    await expect.poll(() => plan(a), WAIT).toBe('Pro');
    await expect(a.getByTestId('bound-profile').count()).resolves.toBe(1);
    await context.close();
  });

  test('with Pro active /licenses shows the plan and the key masked, no field to activate again; removing the key brings it back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const key = demoKeyName('polar', 15, 'valid', 5);
    await activateProWithLink(page, key);
    const keyField = page.getByLabel('License key');
    const activate = page.getByRole('button', { name: 'Activate' });
    await expect(page.getByTestId('license-key').textContent()).resolves.toBe(`••••••••${key.slice(-4)}`);
    await expect(keyField.count()).resolves.toBe(0);
    await expect(activate.count()).resolves.toBe(0);
    // Coming back: the stored key is checked again, and the form never shows meanwhile.
    const fieldsWhileChecking: number[] = [];
    await context.route('**/api/licenses/pro/validate', async (route) => {
      fieldsWhileChecking.push(await keyField.count());
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => plan(page), WAIT).toBe('Pro');
    expect(fieldsWhileChecking).toEqual([0]);
    await expect(keyField.count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Remove the key from this browser' }).click();
    await expect.poll(() => plan(page), WAIT).toBe('Free');
    await expect(keyField.count()).resolves.toBe(1);
    await expect(activate.count()).resolves.toBe(1);
    await expect(page.getByTestId('license-key').count()).resolves.toBe(0);
    await context.close();
  });

  test('another tab storing, changing or clearing the license: this tab checks what was written before Pro shows', async () => {
    const context = await browser.newContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    const first = demoKeyName('lemonsqueezy', 9, 'valid', 5);
    const second = demoKeyName('lemonsqueezy', 9, 'valid', 6);
    // The first tab's checks are held until the test lets them through: what it shows meanwhile is what it believes
    // without the server.
    const held: Array<() => Promise<void>> = [];
    const checked: string[] = [];
    await a.route('**/api/licenses/pro/validate', (route) => {
      checked.push(JSON.parse(route.request().postData() ?? '{}').license?.key);
      held.push(() => route.continue());
    });
    const release = async () => {
      await expect.poll(() => held.length, WAIT).toBeGreaterThan(0);
      for (const go of held.splice(0)) await go();
    };
    const write = (value: unknown) =>
      b.evaluate((v) => {
        if (v === null) localStorage.removeItem('clickreel:license');
        else localStorage.setItem('clickreel:license', JSON.stringify(v));
      }, value);
    for (const page of [a, b]) await page.goto(`${inject('siteUrl')}/licenses`);
    for (const page of [a, b]) await expect.poll(() => plan(page), WAIT).toBe('Free');

    // Storing: the other tab activates a key; this one checks it (held: not Pro yet), then shows Pro.
    await b.getByLabel('License key').fill(first);
    await b.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => plan(b), WAIT).toBe('Pro');
    await expect.poll(() => checked, WAIT).toEqual([first]);
    await expect(plan(a)).resolves.not.toBe('Pro');
    await release();
    await expect.poll(() => plan(a), WAIT).toBe('Pro');

    // The same key written again (another email): checked again, Pro only once the server said so.
    const email = await a.getByTestId('license-email').textContent();
    await write({ key: first, email: 'someone-else@example.com' });
    await expect.poll(() => checked, WAIT).toEqual([first, first]);
    await expect(plan(a)).resolves.not.toBe('Pro');
    await release();
    await expect.poll(() => plan(a), WAIT).toBe('Pro');
    await expect.poll(() => a.getByTestId('license-email').textContent(), WAIT).toBe(email);

    // Changing to another key (bound to this browser profile first, as the other tab's activation would have):
    // that key is checked before Pro shows.
    const bound = await b.evaluate(async (key) => {
      const profile = JSON.parse(localStorage.getItem('clickreel:browserProfile') ?? 'null') as {
        id: string;
        name: string;
      };
      const response = await fetch('/api/licenses/pro/activate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ license: { key }, browserProfile: { id: profile.id, name: profile.name } }),
      });
      return response.status;
    }, second);
    expect(bound).toBe(200);
    await write({ key: second, email: null });
    await expect.poll(() => checked, WAIT).toEqual([first, first, second]);
    await expect(plan(a)).resolves.not.toBe('Pro');
    await release();
    await expect.poll(() => plan(a), WAIT).toBe('Pro');
    await expect(storedKey(a)).resolves.toBe(second);

    // Clearing: Pro goes at once, with nothing to ask.
    await write(null);
    await expect.poll(() => plan(a), WAIT).toBe('Free');
    expect(checked).toHaveLength(3);
    await context.close();
  });

  test('two tabs that each made a browser profile: a key activated in the second makes the first pro too', async () => {
    const context = await browser.newContext();
    const a = await context.newPage();
    await a.goto(`${inject('siteUrl')}/licenses`);
    await expect.poll(() => plan(a), WAIT).toBe('Free');
    await expect.poll(() => a.getByText(/^This browser profile: /).count(), WAIT).toBe(1);
    // Another tab opened at the same moment made its own profile and stored it last (a first visit in two tabs).
    await a.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('clickreel:browserProfile') ?? 'null');
      localStorage.setItem('clickreel:browserProfile', JSON.stringify({ ...stored, id: crypto.randomUUID() }));
    });
    const b = await context.newPage();
    await b.goto(`${inject('siteUrl')}/licenses`);
    await expect.poll(() => plan(b), WAIT).toBe('Free');
    const aChecks = a.waitForRequest((r) => r.url().endsWith('/api/licenses/pro/validate'));
    const key = demoKeyName('lemonsqueezy', 9, 'valid', 4);
    await b.getByLabel('License key').fill(key);
    await b.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => plan(b), WAIT).toBe('Pro');
    await aChecks;
    await expect.poll(() => plan(a), WAIT).toBe('Pro');
    // The check in the first tab refused nothing: the key stays stored and the second tab stays pro.
    await expect(storedKey(b)).resolves.toBe(key);
    await expect.poll(() => plan(b), WAIT).toBe('Pro');
    await context.close();
  });

  test('the provider being down keeps the stored key and pro', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const key = demoKeyName('lemonsqueezy', 15, 'valid', 3);
    await activateProWithLink(page, key);
    await sandboxControl('POST', '/sandbox/faults', { target: 'lemonsqueezy', status: 503 });
    // Reload until the site's short answer cache has expired and the page has heard the outage.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForFunction(() => document.querySelector('[data-testid=plan]')?.textContent !== 'Checking…');
          return page.getByTestId('license-message').textContent();
        },
        { timeout: 30_000 },
      )
      .toBe(DOWN);
    await expect(plan(page)).resolves.toBe('Pro');
    await expect(storedKey(page)).resolves.toBe(key);
    await context.close();
  });
});
