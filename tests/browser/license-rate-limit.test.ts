import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freePort } from '../../scripts/lib/processes';
import { findBrowser } from '../../scripts/lib/system-tools';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { CHROMIUM_FLAGS, launchWithExtension } from '../support/browser';
import { licenseCall, testProfile } from '../support/license-http';
import { type SiteInstance, startSiteInstance } from '../support/site-instance';

/** Waiting for a page to hear from the server: generous, the machine may be loaded. */
const WAIT = { timeout: 30_000 };
const DOWN = 'License validation service is down. Please try again later.';
/** The default per-address budget of the license endpoints (API_REQUESTS_PER_MINUTE). */
const PER_MINUTE = 120;
/** One key for the whole file: the Node profile, the site's page and the extension each bind one profile to it. */
const KEY = demoKeyName('lemonsqueezy', 30, 'valid', 6);

/**
 * Keeps the address's budget empty: validations from Node (the same address as the browser's) one after another,
 * so the token the bucket refills every half second is taken before a page's check gets it (mostly: tests that need
 * a page to be refused poll). Resolves with the statuses seen once stopped.
 */
function drainBudget(base: string): () => Promise<number[]> {
  let running = true;
  const statuses: number[] = [];
  const loop = (async () => {
    while (running) {
      statuses.push((await licenseCall('validate', KEY, testProfile('Rate limit drain'), base)).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return statuses;
  };
}

/** Reloads until the page has heard a refusal (the drain takes nearly every token, not surely every one). */
async function reloadUntilRefused(page: Page, message: () => Promise<string | null>): Promise<void> {
  await expect
    .poll(
      async () => {
        const refused = page.waitForResponse((r) => r.url().includes('/api/licenses/pro/') && r.status() === 429, {
          timeout: 5_000,
        });
        await page.reload();
        return refused.then(
          async () => {
            await expect.poll(message, { timeout: 5_000 }).toBe(DOWN);
            return 'refused';
          },
          () => 'answered',
        );
      },
      { timeout: 60_000 },
    )
    .toBe('refused');
}

describe('the site’s own rate limit (API_REQUESTS_PER_MINUTE=120) keeps a stored Pro key', () => {
  let limited: SiteInstance;
  let browser: Browser;
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    // An instance of its own with the default limit (the run's site has a huge one); its warm-up takes one request.
    // Its pages call its endpoints from its own origin, which the site's configuration must name.
    const port = await freePort();
    limited = await startSiteInstance(
      inject('buildDir'),
      inject('siteEnv'),
      { API_REQUESTS_PER_MINUTE: String(PER_MINUTE), SITE_ORIGINS: `http://localhost:${port}` },
      port,
    );
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
    await limited?.stop();
  });

  test('the 121st request in a minute is refused with 429, Retry-After and ENDPOINT_DOWN; /licenses stays Pro and re-checks by itself', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/licenses/pro/')) pageCalls.push(r.url());
    });
    const plan = () => page.getByTestId('plan').textContent();
    const message = () => page.getByTestId('license-message').textContent();
    const storedKey = () =>
      page.evaluate(
        () => (JSON.parse(localStorage.getItem('clickreel:license') ?? 'null') as { key: string } | null)?.key,
      );

    // The key is activated through the page while the budget lasts.
    await page.goto(`${limited.url}/licenses`);
    await expect.poll(plan, WAIT).toBe('Free');
    await page.getByLabel('License key').fill(KEY);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(plan, WAIT).toBe('Pro');
    await expect(storedKey()).resolves.toBe(KEY);

    // A profile of Node's own: activated, then validated until refused.
    const profile = testProfile('Rate limited buyer');
    expect((await licenseCall('activate', KEY, profile, limited.url)).status).toBe(200);
    const used = 1 + pageCalls.length + 1; // warm-up, the page's calls, Node's activation
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof licenseCall>> | undefined;
    while (!refused && accepted < 2 * PER_MINUTE) {
      const answer = await licenseCall('validate', KEY, profile, limited.url);
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(200);
        accepted++;
      }
    }
    const elapsedMs = Date.now() - startedAt;
    // The budget is a bucket of 120 that refills at 2 a second: sent at once, the 121st request is refused; spread
    // over `elapsedMs`, at most the tokens refilled meanwhile more got through.
    expect(used + accepted).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(used + accepted).toBeLessThanOrEqual(PER_MINUTE + Math.ceil(elapsedMs / 500));
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused?.body).toEqual({ status: 'ENDPOINT_DOWN', message: DOWN });

    // While the budget stays empty, a reload is refused too: Pro is still shown and the key stays stored.
    const stopDrain = drainBudget(limited.url);
    try {
      await reloadUntilRefused(page, message);
      await expect(plan()).resolves.toBe('Pro');
      await expect(storedKey()).resolves.toBe(KEY);
    } finally {
      expect(await stopDrain()).toContain(429);
    }
    // Once Retry-After has passed, the page asks again by itself (no reload) and the message clears.
    await expect.poll(message, WAIT).toBe('');
    await expect(plan()).resolves.toBe('Pro');
    await expect(storedKey()).resolves.toBe(KEY);
    await context.close();
  });

  test('the extension’s controls keep a stored Pro key through a 429', async () => {
    const extension = await launchWithExtension(inject('extensionDir'));
    try {
      // The extension calls the site its build names (the run's main site). Its license calls are sent on to the
      // limited instance: a real server answers them (Playwright's route.fetch makes the request, from this
      // machine's address like the drain's), only the address differs.
      const siteUrl = inject('siteUrl');
      await extension.context.route(`${siteUrl}/api/licenses/**`, async (route) => {
        // Path and query: the extension names its version in the query (the site's version gate reads it).
        const { pathname, search } = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${limited.url}${pathname}${search}` }) });
      });
      const controls = await extension.context.newPage();
      const plan = () => controls.getByTestId('plan').textContent();
      const message = () =>
        controls
          .getByRole('status')
          .textContent({ timeout: 1_000 })
          .catch(() => null);
      const storedKey = () =>
        extension.serviceWorker.evaluate(
          async () => ((await chrome.storage.local.get('license')).license as { key: string } | undefined)?.key,
        );

      // A Pro key stored in the extension (activated in its controls while the budget lasts).
      await controls.goto(`chrome-extension://${extension.extensionId}/controls.html`);
      await expect.poll(plan, WAIT).toBe('Free');
      await controls.getByLabel('License key').fill(KEY);
      await controls.getByRole('button', { name: 'Activate' }).click();
      await expect.poll(plan, WAIT).toBe('Pro');
      await expect.poll(storedKey, WAIT).toBe(KEY);

      const stopDrain = drainBudget(limited.url);
      try {
        await reloadUntilRefused(controls, message);
        await expect(plan()).resolves.toBe('Pro');
        await expect(storedKey()).resolves.toBe(KEY);
      } finally {
        expect(await stopDrain()).toContain(429);
      }
      // After Retry-After the controls ask again by themselves and the message goes.
      await expect.poll(message, WAIT).toBeNull();
      await expect(plan()).resolves.toBe('Pro');
      await expect(storedKey()).resolves.toBe(KEY);
    } finally {
      await extension.close();
    }
  });
});
