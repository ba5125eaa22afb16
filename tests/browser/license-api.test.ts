import { Polar } from '@polar-sh/sdk';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { demoKeyName, SANDBOX_ACCESS_TOKEN } from '../../scripts/provider-sandbox/seed';
import { signWebhook } from '../../scripts/provider-sandbox/webhook-sender';
import { DEVELOPMENT_EXTENSION_KEY } from '../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../shared/config/extension-id';
import {
  concurrentActivations,
  licenseCall,
  postJson,
  providerActivations,
  releaseCall,
  sandboxControl,
  testProfile,
} from '../support/license-http';

const LIMIT_1 =
  'This license is already active on 1 browser profile, the most its tier allows. Release one on the licenses page, or buy a larger tier.';
const NOT_BOUND = 'This browser profile is not activated for this license. Enter the key again to activate it here.';
const DOWN = 'License validation service is down. Please try again later.';

afterEach(async () => {
  await sandboxControl('DELETE', '/sandbox/faults');
});

describe('every status, with its exact message, through the running site and sandbox', () => {
  const laptop = testProfile('Status laptop');
  test.each([
    ['a valid Lemon Squeezy key', demoKeyName('lemonsqueezy', 9, 'valid', 3), 200, null, null],
    ['a valid Polar key', demoKeyName('polar', 9, 'valid', 1), 200, null, null],
    ['no key', '', 400, 'INVALID_EMPTY', 'No license key provided'],
    ['a key no store knows', 'CLICKREEL-NOT-A-KEY', 403, 'INVALID', 'License invalid'],
    ['an unknown Polar key', 'CRSRFL_PLR-NOT-A-KEY', 403, 'INVALID', 'License invalid'],
    ['an expired Lemon Squeezy key', demoKeyName('lemonsqueezy', 3, 'expired'), 403, 'EXPIRED', 'License expired'],
    ['an expired Polar key', demoKeyName('polar', 3, 'expired'), 403, 'EXPIRED', 'License expired'],
    ['a disabled Lemon Squeezy key', demoKeyName('lemonsqueezy', 3, 'disabled'), 403, 'INVALID', 'License invalid'],
    ['a revoked Polar key', demoKeyName('polar', 3, 'revoked'), 403, 'INVALID', 'License invalid'],
    [
      'a key for another product',
      demoKeyName('lemonsqueezy', null, 'wrong-product'),
      403,
      'INVALID',
      'License invalid',
    ],
    ['a Polar key for another benefit', demoKeyName('polar', null, 'wrong-product'), 403, 'INVALID', 'License invalid'],
  ] as const)('%s', async (_name, key, status, licenseStatus, message) => {
    const answer = await licenseCall('activate', key, laptop);
    expect(answer.status).toBe(status);
    if (licenseStatus === null) {
      expect(answer.body.license.email).toMatch(/@example\.com$/);
      expect(answer.body.browserProfile).toEqual(laptop);
    } else {
      expect(answer.body).toEqual({ status: licenseStatus, message });
    }
  });

  test('a missing license is no key; the provider being down is ENDPOINT_DOWN (503), and checks resume after', async () => {
    const answer = await postJson('/api/licenses/pro/validate', { browserProfile: laptop });
    expect(answer.body).toEqual({ status: 'INVALID_EMPTY', message: 'No license key provided' });

    const key = demoKeyName('lemonsqueezy', 15, 'valid', 4);
    await sandboxControl('POST', '/sandbox/faults', { target: 'lemonsqueezy', status: 503 });
    const down = await licenseCall('activate', key, laptop);
    expect([down.status, down.body]).toEqual([503, { status: 'ENDPOINT_DOWN', message: DOWN }]);
    await sandboxControl('DELETE', '/sandbox/faults');
    await expect.poll(async () => (await licenseCall('activate', key, laptop)).status, { timeout: 15_000 }).toBe(200);
  });

  test('a first-time Lemon Squeezy key is activated with the customer’s email as the instance name', async () => {
    const key = demoKeyName('lemonsqueezy', 3, 'first-time');
    const answer = await licenseCall('activate', key, testProfile('First time'));
    expect(answer.status).toBe(200);
    const keys = (await sandboxControl('GET', '/sandbox/keys')) as { key: string; activations: string[] }[];
    expect(keys.find((k) => k.key === key)?.activations).toEqual([answer.body.license.email]);
  });

  test('concurrent checks of one key make one provider call', async () => {
    const key = demoKeyName('lemonsqueezy', 30, 'valid', 3);
    await sandboxControl('DELETE', '/sandbox/calls');
    // The provider answers slowly, so all ten requests are surely waiting on the same call.
    await sandboxControl('POST', '/sandbox/faults', { target: 'lemonsqueezy', delayMs: 1500, times: 1 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => licenseCall('activate', key, testProfile(`Flight ${i}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const calls = await sandboxControl('GET', '/sandbox/calls');
    expect(calls.byKey[key]).toBe(1);
  });
});

describe('browser profiles per tier', () => {
  test.each([
    ['Lemon Squeezy', demoKeyName('lemonsqueezy', 3, 'valid', 1)],
    ['Polar', demoKeyName('polar', 3, 'valid', 1)],
  ])('%s tier 3: the 2nd profile is refused, releasing the 1st frees the slot', async (_provider, key) => {
    const first = testProfile(`${key} first`);
    const second = testProfile(`${key} second`);
    expect((await licenseCall('activate', key, first)).status).toBe(200);
    expect((await licenseCall('activate', key, first)).status).toBe(200);
    expect((await licenseCall('activate', key, second)).body).toEqual({ status: 'INVALID', message: LIMIT_1 });
    expect((await licenseCall('validate', key, second)).body).toEqual({ status: 'INVALID', message: NOT_BOUND });
    const validated = await licenseCall('validate', key, first);
    expect(validated.body.browserProfiles.map((p: { name: string }) => p.name)).toEqual([first.name]);
    expect(validated.body.browserProfileLimit).toBe(1);

    const released = await releaseCall(key, second, first.id);
    expect([released.status, released.body.browserProfiles, released.body.browserProfile]).toEqual([200, [], null]);
    expect((await licenseCall('activate', key, second)).status).toBe(200);
    expect((await licenseCall('validate', key, first)).body.message).toBe(NOT_BOUND);
  });
});

describe('activations at once', () => {
  test.each([
    [6, demoKeyName('polar', 3, 'valid', 2)],
    [24, demoKeyName('polar', 3, 'valid', 3)],
    [6, demoKeyName('lemonsqueezy', 3, 'valid', 7)],
  ])(
    '%i from one profile (a double click, the extension and the site together): all VALID, bound once',
    async (count, key) => {
      const profile = testProfile(`Burst ${count} ${key}`);
      const answers = await concurrentActivations(key, [profile], count);
      expect(answers.map((a) => a.status)).toEqual(Array(count).fill(200));
      expect(answers.every((a) => a.body.browserProfiles.length === 1)).toBe(true);
      expect(
        (await licenseCall('validate', key, profile)).body.browserProfiles.map((p: { id: string }) => p.id),
      ).toEqual([profile.id]);
      if (key.startsWith('CRSRFL_PLR')) expect(await providerActivations(key)).toEqual([profile.name]);
    },
  );

  test.each([
    [1, demoKeyName('polar', 3, 'valid', 4)],
    [3, demoKeyName('polar', 9, 'valid', 7)],
    [5, demoKeyName('polar', 15, 'valid', 3)],
  ])('different profiles racing for a %i-profile key never exceed it', async (limit, key) => {
    const profiles = Array.from({ length: limit + 4 }, (_, i) => testProfile(`Race ${limit} ${i}`));
    const answers = await concurrentActivations(key, profiles, profiles.length * 2);
    const bound = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.browserProfile.id));
    expect(bound.size).toBe(limit);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.status).toBe('INVALID');
    const holder = profiles.find((p) => bound.has(p.id)) as (typeof profiles)[number];
    const held = (await licenseCall('validate', key, holder)).body;
    expect(held.browserProfiles.map((p: { id: string }) => p.id).sort()).toEqual([...bound].sort());
    expect((await providerActivations(key)).length).toBe(limit);
  });
});

describe('the customer portal link works', () => {
  test.each([
    ['Lemon Squeezy', demoKeyName('lemonsqueezy', 15, 'valid', 5)],
    ['Polar (a customer session)', demoKeyName('polar', 15, 'valid', 1)],
  ])('%s', async (_provider, key) => {
    const answer = await licenseCall('activate', key, testProfile('Portal'));
    const page = await fetch(answer.body.customerPortal);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('customer portal');
    if (key.startsWith('CRSRFL_PLR')) expect(text).toContain(answer.body.license.email);
  });
});

describe('billing webhooks', () => {
  const polar = () => new Polar({ serverURL: inject('sandboxUrl'), accessToken: SANDBOX_ACCESS_TOKEN });
  const send = (type: string, key: string) => sandboxControl('POST', '/sandbox/webhooks/send', { type, key });

  test('a signed refund makes the next validation fail; other customers keep pro', async () => {
    const key = demoKeyName('polar', 9, 'valid', 2);
    const other = demoKeyName('polar', 9, 'valid', 5);
    const profile = testProfile('Refund');
    expect((await licenseCall('activate', key, profile)).status).toBe(200);
    expect((await licenseCall('activate', other, profile)).status).toBe(200);
    const sent = await send('order.refunded', key);
    expect(sent.deliveries.map((d: { httpCode: number }) => d.httpCode)).toEqual([200]);
    expect((await licenseCall('validate', key, profile)).body).toEqual({
      status: 'INVALID',
      message: 'License invalid: it was refunded or revoked.',
    });
    expect((await licenseCall('validate', other, profile)).status).toBe(200);
  });

  test('a revoked benefit grant takes back that key', async () => {
    const key = demoKeyName('polar', 9, 'valid', 3);
    const profile = testProfile('Grant');
    expect((await licenseCall('activate', key, profile)).status).toBe(200);
    await send('benefit_grant.revoked', key);
    expect((await licenseCall('validate', key, profile)).status).toBe(403);
  });

  test('forged, stale and replayed deliveries are refused; a redelivered id is handled once', async () => {
    const key = demoKeyName('polar', 9, 'valid', 4);
    const sent = await send('subscription.revoked', key);
    const original = sent.deliveries[0].request as { headers: Record<string, string>; body: string };
    const url = '/api/webhooks/polar';

    const forged = signWebhook('polar_whs_guessed', `forged-${Date.now()}`, original.body);
    expect((await postJson(url, original.body, { headers: forged })).status).toBe(401);
    const staleAt = new Date(Date.now() - 10 * 60 * 1000);
    const stale = signWebhook(
      inject('siteEnv').POLAR_WEBHOOK_SECRET as string,
      `stale-${Date.now()}`,
      original.body,
      staleAt,
    );
    const staleAnswer = await postJson(url, original.body, { headers: stale });
    expect([staleAnswer.status, staleAnswer.body.message]).toEqual([
      401,
      'Webhook rejected: Message timestamp too old.',
    ]);
    const tampered = await postJson(url, original.body.replace('"canceled"', '"active"'), {
      headers: original.headers,
    });
    expect(tampered.status).toBe(401);
    const replayed = await postJson(url, original.body, { headers: original.headers });
    expect([replayed.status, replayed.body.message]).toEqual([
      409,
      'Webhook rejected: this delivery was already received.',
    ]);

    // Polar's redelivery signs the same id anew; wait for the next second so its timestamp differs.
    const signedAt = Number(original.headers['webhook-timestamp']);
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(signedAt);
    await polar().webhooks.redeliverWebhookEvent({ id: sent.event.id });
    const responses: string[] = [];
    for await (const page of await polar().webhooks.listWebhookDeliveries({})) {
      for (const d of page.result.items) if (d.webhookEvent.id === sent.event.id) responses.push(d.response ?? '');
    }
    expect(responses.map((r) => JSON.parse(r))).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: false },
    ]);
  });
});

describe('what the endpoints refuse', () => {
  const body = { license: { key: demoKeyName('lemonsqueezy', 30, 'valid', 4) }, browserProfile: testProfile('Guard') };
  const extensionOrigin = `chrome-extension://${extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY)}`;

  test('CORS: the extension and the site may call from a browser, other origins may not', async () => {
    const preflight = (origin: string) =>
      fetch(`${inject('siteUrl')}/api/licenses/pro/validate`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(extensionOrigin);
    expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).toEqual([204, extensionOrigin]);
    expect((await preflight('https://evil.example')).status).toBe(403);
    expect((await preflight('chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(403);
    const fromSite = await postJson('/api/licenses/pro/activate', body, { headers: { origin: inject('siteUrl') } });
    expect([fromSite.status, fromSite.headers.get('access-control-allow-origin')]).toEqual([200, inject('siteUrl')]);
    const evil = await postJson('/api/licenses/pro/activate', body, { headers: { origin: 'https://evil.example' } });
    expect([evil.status, evil.headers.get('access-control-allow-origin')]).toEqual([403, null]);
  });

  test('too large, wrong type, wrong method: a 4xx with the reason', async () => {
    const big = await postJson('/api/licenses/pro/validate', { ...body, pad: 'x'.repeat(9000) });
    expect([big.status, big.body.message]).toEqual([413, 'The request body is larger than 8192 bytes.']);
    const text = await fetch(`${inject('siteUrl')}/api/licenses/pro/validate`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const wrongType = await postJson('/api/licenses/pro/validate', JSON.stringify(body), {
      headers: { 'content-type': 'application/xml' },
    });
    expect([wrongType.status, wrongType.body.message]).toEqual([415, 'Send the request as application/json.']);
    const get = await fetch(`${inject('siteUrl')}/api/licenses/pro/validate`);
    expect(get.status).toBe(405);
    // None of these is a verdict on a key: a client that sent one keeps it (ENDPOINT_DOWN, never INVALID).
    const getBody = (await get.json()) as { status: string };
    expect([big.body.status, wrongType.body.status, getBody.status]).toEqual(Array(3).fill('ENDPOINT_DOWN'));
  });
});
