// The extension and the site agree on versions: the extension names its version with every license request and
// hand-off, and the site asks an extension older than it accepts to update instead of failing.
import { readFile } from 'node:fs/promises';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { OLDEST_SUPPORTED_EXTENSION_VERSION } from '../../shared/config/extension-version';
import { CHROMIUM_FLAGS, extensionIdOf, launchWithExtension } from '../support/browser';
import { testProfile } from '../support/license-http';

const UPDATE = /older than this site works with \(\d+\.\d+\.\d+ or newer\)\. Update it/;

async function packageVersion(): Promise<string> {
  return (JSON.parse(await readFile('package.json', 'utf8')) as { version: string }).version;
}

/** A version just older than the oldest the site accepts (0.0.0 when that is 0.0.1). */
function olderVersion(): string {
  const [major, minor, patch] = OLDEST_SUPPORTED_EXTENSION_VERSION.split('.').map(Number) as [number, number, number];
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.99`;
  return major > 0 ? `${major - 1}.99.99` : '0.0.0';
}

function validate(query: string, headers: Record<string, string> = {}) {
  return fetch(`${inject('siteUrl')}/api/licenses/pro/validate${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      license: { key: demoKeyName('lemonsqueezy', 3, 'valid', 5) },
      browserProfile: testProfile('version gate'),
    }),
  });
}

describe('license requests', () => {
  test('from an older extension: 426, ENDPOINT_DOWN (the key is kept) and a request to update', async () => {
    const response = await validate(`?extensionVersion=${olderVersion()}`);
    expect(response.status).toBe(426);
    const body = await response.json();
    expect(body.status).toBe('ENDPOINT_DOWN');
    expect(body.message).toMatch(UPDATE);
    expect(body.message).toContain(`(version ${olderVersion()})`);
    expect(body.message).toContain('Your license key is kept.');
  });

  test('from an extension page that names no version: the same, readable by the extension (CORS)', async () => {
    const origin = `chrome-extension://${await extensionIdOf(inject('extensionDir'))}`;
    const response = await validate('', { origin });
    expect(response.status).toBe(426);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect((await response.json()).message).toContain('(an older version)');
  });

  test('from the current extension, or from the site itself: answered as always', async () => {
    for (const query of [`?extensionVersion=${await packageVersion()}`, '']) {
      const response = await validate(query);
      expect(response.status, query).not.toBe(426);
      expect([200, 403], query).toContain(response.status);
    }
  });
});

describe('the real extension', () => {
  test('names its version (package.json’s) when its controls check a key', async () => {
    const browser = await launchWithExtension(inject('extensionDir'));
    try {
      const controls = await browser.context.newPage();
      await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
      const request = controls.waitForRequest((r) => r.url().includes('/api/licenses/pro/activate'));
      await controls.getByLabel('License key').fill(demoKeyName('lemonsqueezy', 3, 'valid', 6));
      await controls.getByRole('button', { name: 'Activate' }).click();
      const url = new URL((await request).url());
      expect(url.searchParams.get('extensionVersion')).toBe(await packageVersion());
      await expect.poll(() => controls.getByTestId('plan').textContent(), { timeout: 30_000 }).toBe('Pro');
    } finally {
      await browser.close();
    }
  });
});

describe('a hand-off', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test.each([
    ['an older version', `&version=${olderVersion()}`],
    ['no version', ''],
  ])('from a trusted extension of %s: the editor asks to update it', async (_what, version) => {
    const extensionId = await extensionIdOf(inject('extensionDir'));
    const page = await browser.newPage();
    await page.goto(`${inject('siteUrl')}/editor#handoff=rec-old&extension=${extensionId}${version}`);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(UPDATE);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The recording is kept in the extension.');
    await page.close();
  });
});
