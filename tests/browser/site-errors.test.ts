// Every error the built site answers, method by path: pages get the one error page (404 'Page Not Found: {path}',
// anything else 'Internal Server Error') with its status, the API a JSON error; OPTIONS names the methods.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../support/browser';
import { type SiteInstance, startSiteInstance } from '../support/site-instance';

const PAGE_ALLOW = 'GET, HEAD, OPTIONS';

/** What an answer must be: the error page (status shown, message), a JSON body, or nothing. */
type Expected = { readonly page: string } | { readonly json: unknown } | { readonly empty: true };

interface Case {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly expected: Expected;
  readonly allow?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const ERROR = 'Internal Server Error';
const CASES: readonly Case[] = [
  // OPTIONS on any page: the methods it takes, never a 500.
  ...['/', '/brave', '/editor', '/licenses', '/recordings', '/welcome'].map(
    (path): Case => ({ method: 'OPTIONS', path, status: 204, expected: { empty: true }, allow: PAGE_ALLOW }),
  ),
  // A path that cannot be decoded is a bad request, answered with the error page.
  { method: 'GET', path: '/%', status: 400, expected: { page: ERROR } },
  { method: 'GET', path: '/editor/%E0%A4%A', status: 400, expected: { page: ERROR } },
  // A method no page takes: 405 and the methods it does.
  { method: 'POST', path: '/', status: 405, expected: { page: ERROR }, allow: PAGE_ALLOW },
  { method: 'PUT', path: '/editor', status: 405, expected: { page: ERROR }, allow: PAGE_ALLOW },
  { method: 'DELETE', path: '/licenses', status: 405, expected: { page: ERROR }, allow: PAGE_ALLOW },
  {
    method: 'POST',
    path: '/brave',
    status: 405,
    expected: { page: ERROR },
    allow: PAGE_ALLOW,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    body: 'a=1',
  },
  { method: 'PATCH', path: '/welcome', status: 405, expected: { page: ERROR }, allow: PAGE_ALLOW },
  // Unknown paths.
  { method: 'GET', path: '/no/such/page', status: 404, expected: { page: 'Page Not Found: /no/such/page' } },
  { method: 'HEAD', path: '/no/such/page', status: 404, expected: { empty: true } },
  {
    method: 'GET',
    path: '/api/nope',
    status: 404,
    expected: { json: { status: 404, message: 'Page Not Found: /api/nope' } },
  },
  // API methods an endpoint does not take.
  {
    method: 'POST',
    path: '/api/stats',
    status: 405,
    expected: { json: { status: 405, message: ERROR } },
    allow: PAGE_ALLOW,
  },
  { method: 'OPTIONS', path: '/api/stats', status: 204, expected: { empty: true }, allow: PAGE_ALLOW },
  {
    method: 'DELETE',
    path: '/api/licenses/pro/validate',
    status: 405,
    expected: { json: { status: 'ENDPOINT_DOWN', message: 'Use POST.' } },
    allow: 'POST, OPTIONS',
  },
  // A cross-site form post to the API: the endpoint's own refusal (JSON), not a bare-text 403.
  {
    method: 'POST',
    path: '/api/licenses/pro/validate',
    status: 403,
    expected: { json: { status: 'ENDPOINT_DOWN', message: 'This origin may not call the license service.' } },
    headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    body: '{}',
  },
];

/** Sends a request with a path as written (fetch would normalise `/%`), reading status, headers and body. */
async function send(base: string, c: Pick<Case, 'method' | 'path' | 'headers' | 'body'>) {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, method: c.method, path: c.path, headers: c.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on('error', reject);
      req.end(c.body);
    },
  );
}

/** The status and message the error page shows. */
function shownOnErrorPage(html: string): { status: string | undefined; message: string | undefined } {
  return {
    status: /data-testid="error-status"[^>]*>([^<]*)</.exec(html)?.[1],
    message: /data-testid="error-message"[^>]*>([^<]*)</.exec(html)?.[1],
  };
}

function checkAnswer(c: Case, answer: Awaited<ReturnType<typeof send>>): void {
  const what = `${c.method} ${c.path}`;
  expect(answer.status, what).toBe(c.status);
  expect(answer.headers.allow, what).toBe(c.allow);
  // Every answer carries the security headers, errors included.
  expect(answer.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  const expected = c.expected;
  if ('empty' in expected) expect(answer.body, what).toBe('');
  else if ('json' in expected) {
    expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body), what).toEqual(expected.json);
  } else {
    expect(answer.headers['content-type'], what).toMatch(/^text\/html/);
    expect(shownOnErrorPage(answer.body), what).toEqual({ status: String(c.status), message: expected.page });
    expect(answer.body, what).not.toMatch(/at [\w.]+ \(|\.mjs:\d+|Error:/);
  }
}

describe('every error through one place', () => {
  test.each(CASES.map((c) => [`${c.method} ${c.path} → ${c.status}`, c] as const))('%s', async (_, c) => {
    checkAnswer(c, await send(inject('siteUrl'), c));
  });

  describe('what throws', () => {
    let faulty: SiteInstance;
    beforeAll(async () => {
      // A server of this build with test faults on: the header makes a page or an endpoint throw.
      faulty = await startSiteInstance(inject('buildDir'), inject('siteEnv'), { CLICKREEL_TEST_FAULTS: '1' });
    });
    afterAll(async () => {
      await faulty?.stop();
    });

    test.each([
      { method: 'GET', path: '/licenses', status: 500, expected: { page: ERROR } },
      { method: 'GET', path: '/api/stats', status: 500, expected: { json: { status: 500, message: ERROR } } },
      {
        method: 'POST',
        path: '/api/licenses/pro/validate',
        status: 500,
        expected: { json: { status: 500, message: ERROR } },
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    ] satisfies Case[])('a throwing $method $path → $status', async (c) => {
      const answer = await send(faulty.url, { ...c, headers: { ...c.headers, 'x-clickreel-test-fault': 'throw' } });
      checkAnswer(c, answer);
    });
  });

  describe('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    });
    afterAll(async () => {
      await browser?.close();
    });

    test('a malformed address and a form posted to a page show the error page', async () => {
      const page = await browser.newPage();
      const bad = await page.goto(`${inject('siteUrl')}/%`);
      expect(bad?.status()).toBe(400);
      await expect(page.getByTestId('error-status').textContent()).resolves.toBe('400');
      await expect(page.getByTestId('error-message').textContent()).resolves.toBe(ERROR);

      // A form on another site posting to one of ours (the browser sends its own Origin).
      await page.setContent(
        `<form method="post" action="${inject('siteUrl')}/licenses"><input name="a" value="1"><button>Send</button></form>`,
      );
      const [posted] = await Promise.all([page.waitForNavigation(), page.getByRole('button').click()]);
      expect(posted?.status()).toBe(405);
      await expect(page.getByTestId('error-status').textContent()).resolves.toBe('405');
      await expect(page.getByTestId('error-message').textContent()).resolves.toBe(ERROR);
      await page.close();
    });
  });
});
