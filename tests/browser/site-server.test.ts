// The site's server layer as a browser and a plain HTTP client meet it: security headers on every response,
// compression and caching, the one error page, safe navigation and route guards, the support footer.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { SUPPORT_EMAIL } from '../../shared/config/product';
import { SITE_ROUTES } from '../../shared/site/route-guards';
import { EXTERNAL_NAVIGATION_REFUSED, unsafeProtocolRefused } from '../../shared/site/safe-navigation';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { type SiteInstance, startSiteInstance } from '../support/site-instance';

const SECURITY_HEADERS = ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'content-security-policy'];

async function head(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return response;
}

function directive(policy: string, name: string): string | undefined {
  return policy.split(/;\s*/).find((d) => d === name || d.startsWith(`${name} `));
}

/** Every built asset a page loads (scripts, styles, the export worker), read from the served HTML and scripts. */
async function assetPaths(siteUrl: string): Promise<string[]> {
  const html = await (await fetch(`${siteUrl}/editor`)).text();
  const paths = new Set([...html.matchAll(/\/_astro\/[\w.@-]+\.(?:js|css)/g)].map((m) => m[0]));
  // Scripts name the chunks they load, the export worker among them (the set grows while it is walked).
  for (const path of paths) {
    if (!path.endsWith('.js')) continue;
    const code = await (await fetch(`${siteUrl}${path}`)).text();
    for (const m of code.matchAll(/(?:_astro\/|\.\/)([\w.@-]+\.js)/g)) paths.add(`/_astro/${m[1]}`);
  }
  return [...paths];
}

describe('security headers', () => {
  test('every response carries them: pages, API, assets, the service worker, redirects, 404', async () => {
    const siteUrl = inject('siteUrl');
    const assets = await assetPaths(siteUrl);
    // The workers that paint with the WebAssembly kernels: the export's and the playing preview's.
    const workers = ['export-worker', 'picture-worker'].map((name) => {
      const worker = assets.find((path) => path.startsWith(`/_astro/${name}-`) || path.startsWith(`/_astro/${name}.`));
      expect(worker, `the ${name} is among the editor assets`).toBeDefined();
      return worker;
    });
    const requests: Array<[string, RequestInit?]> = [
      ...SITE_ROUTES.map((route): [string] => [route]),
      ['/no/such/page'],
      ['/api/stats'],
      [
        '/api/licenses/pro/validate',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"browserProfile":{}}' },
      ],
      ['/api/licenses/pro/validate'],
      ['/sw.js'],
      ['/manifest.webmanifest'],
      ['/icon-192.png'],
      ['/favicon.svg'],
      ['/?licenseKey=abc'],
      ...assets.map((path): [string] => [path]),
    ];
    for (const [path, init] of requests) {
      const response = await head(`${siteUrl}${path}`, init);
      for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${name} on ${path}`).toBeTruthy();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(directive(policy, 'frame-ancestors'), path).toBe("frame-ancestors 'none'");
      expect(policy, path).not.toContain("'unsafe-eval'");
      expect(directive(policy, 'script-src') ?? '', path).not.toContain("'unsafe-inline'");
      const webAssembly = path === '/editor' || workers.includes(path);
      expect(policy.includes("'wasm-unsafe-eval'"), `WebAssembly allowed on ${path}`).toBe(webAssembly);
    }
  });
});

describe('compression and caching', () => {
  test('brotli or gzip as the client accepts, hashed assets immutable, HTML revalidated with an ETag', async () => {
    const siteUrl = inject('siteUrl');
    // The export worker: large enough to be worth compressing (files under 1 KB are sent as they are).
    const asset = (await assetPaths(siteUrl)).find((path) => /\/_astro\/export-worker[.-]/.test(path));
    for (const path of ['/', '/editor', '/sw.js', asset as string]) {
      const br = await head(`${siteUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('vary'), path).toContain('Accept-Encoding');
      const gzip = await head(`${siteUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      const plain = await head(`${siteUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
    }
    // Pages rendered per request are compressed on the fly.
    const notFound = await head(`${siteUrl}/no/such/page`, { headers: { 'accept-encoding': 'gzip' } });
    expect(notFound.headers.get('content-encoding')).toBe('gzip');

    const hashed = await head(`${siteUrl}${asset}`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await head(`${siteUrl}/editor`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    const again = await head(`${siteUrl}/editor`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toContain("'wasm-unsafe-eval'");
  });
});

describe('in the browser', () => {
  let browser: ExtensionBrowser;
  let faulty: SiteInstance;

  beforeAll(async () => {
    browser = await launchWithExtension(inject('extensionDir'));
    // A second server of this build with test faults switched on: the header below makes a page or endpoint throw.
    faulty = await startSiteInstance(inject('buildDir'), inject('siteEnv'), { CLICKREEL_TEST_FAULTS: '1' });
  });
  afterAll(async () => {
    await faulty?.stop();
    await browser?.close();
  });

  async function newPage(): Promise<Page> {
    return browser.context.newPage();
  }

  test('an unknown path shows the 404 page; a forced server error shows the 500 page, no stack', async () => {
    const page = await newPage();
    const missing = await page.goto(`${inject('siteUrl')}/no/such/page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('error-status').textContent()).resolves.toBe('404');
    await expect(page.getByTestId('error-message').textContent()).resolves.toBe('Page Not Found: /no/such/page');

    await page.setExtraHTTPHeaders({ 'x-clickreel-test-fault': 'throw' });
    for (const path of ['/licenses']) {
      const failed = await page.goto(`${faulty.url}${path}`);
      expect(failed?.status(), path).toBe(500);
      await expect(page.getByTestId('error-status').textContent()).resolves.toBe('500');
      await expect(page.getByTestId('error-message').textContent()).resolves.toBe('Internal Server Error');
      expect(failed?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      const html = await failed?.text();
      expect(html).not.toMatch(/Forced server error|at [\w.]+ \(|\.mjs:\d+/);
    }
    // An endpoint that throws answers JSON, also without detail.
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/stats');
      return { status: response.status, body: await response.text() };
    });
    expect(api.status).toBe(500);
    expect(JSON.parse(api.body)).toEqual({ status: 500, message: 'Internal Server Error' });
    // The site run without the flag ignores the header.
    const normal = await page.goto(`${inject('siteUrl')}/licenses`);
    expect(normal?.status()).toBe(200);
    await page.close();
  });

  test('?next= on /licenses refuses an external URL and each unsafe protocol, with the message shown', async () => {
    const page = await newPage();
    const cases: Array<[string, string]> = [
      ['https://evil.example/steal', EXTERNAL_NAVIGATION_REFUSED],
      ['//evil.example/steal', EXTERNAL_NAVIGATION_REFUSED],
      ['javascript:alert(document.domain)', unsafeProtocolRefused('javascript:')],
      ['data:text/html,<script>alert(1)</script>', unsafeProtocolRefused('data:')],
      ['vbscript:msgbox(1)', unsafeProtocolRefused('vbscript:')],
    ];
    for (const [next, message] of cases) {
      await page.goto(`${inject('siteUrl')}/licenses?next=${encodeURIComponent(next)}`);
      await expect.poll(() => page.getByTestId('navigation-message').textContent(), { timeout: 15_000 }).toBe(message);
      await expect(page.getByRole('alert').filter({ hasText: message }).isVisible()).resolves.toBe(true);
      expect(new URL(page.url()).pathname).toBe('/licenses');
    }
    await page.close();
  });

  test('a checkout return on any page lands on /licenses, activates the key and goes on to ?next=', async () => {
    const page = await newPage();
    const key = demoKeyName('polar', 15, 'valid', 2);
    await page.goto(`${inject('siteUrl')}/welcome?licenseKey=${encodeURIComponent(key)}&next=%2Frecordings`);
    await page.waitForURL((url) => url.pathname === '/recordings', { timeout: 30_000 });
    await page.goto(`${inject('siteUrl')}/licenses`);
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 30_000 }).toBe('Pro');
    await page.close();
  });

  test('every default-layout page has the footer with the support line; /refunds gives the address', async () => {
    const page = await newPage();
    for (const route of SITE_ROUTES.filter((r) => r !== '/editor')) {
      await page.goto(`${inject('siteUrl')}${route}`);
      const footer = page.locator('footer.site-footer');
      await expect(footer.getByTestId('support-contact').textContent(), route).resolves.toBe(
        `Support contact: ${SUPPORT_EMAIL}`,
      );
      const links = await footer.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links, route).toEqual(
        expect.arrayContaining([
          '/privacy-policy',
          '/terms-of-service',
          '/refunds',
          '/install',
          '/licenses',
          '/welcome',
        ]),
      );
    }
    await page.goto(`${inject('siteUrl')}/refunds`);
    await expect(page.locator('main').getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).resolves.toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    await page.close();
  });
});
