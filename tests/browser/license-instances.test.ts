import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import {
  concurrentActivations,
  licenseCall,
  postJson,
  providerActivations,
  releaseCall,
  sandboxControl,
  testProfile,
} from '../support/license-http';
import { type SiteInstance, startSiteInstance } from '../support/site-instance';

describe('two site instances sharing one PostgreSQL server', () => {
  let first: SiteInstance;
  let second: SiteInstance;
  let databaseUrl: string;

  beforeAll(async () => {
    // A database of its own on the run's PostgreSQL server.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    await client.query('create database two_instances');
    await client.end();
    databaseUrl = inject('postgresUrl').replace(/\/postgres$/, '/two_instances');
    [first, second] = await Promise.all([
      startSiteInstance(inject('buildDir'), inject('siteEnv'), { DATABASE_URL: databaseUrl }),
      startSiteInstance(inject('buildDir'), inject('siteEnv'), { DATABASE_URL: databaseUrl }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  test('a profile bound through one instance counts on the other; a release on one frees the slot on both', async () => {
    const key = demoKeyName('lemonsqueezy', 3, 'valid', 2);
    const a = testProfile('Instance A');
    const b = testProfile('Instance B');
    // Both start (and migrate) at once; the first calls go to each.
    const [one, two] = await Promise.all([
      licenseCall('activate', key, a, first.url),
      licenseCall('activate', key, b, second.url),
    ]);
    const winner = one.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect([one.status, two.status].sort()).toEqual([200, 403]);
    expect((await licenseCall('validate', key, winner, second.url)).status).toBe(200);
    expect((await licenseCall('validate', key, winner, first.url)).status).toBe(200);
    expect((await releaseCall(key, loser, winner.id, second.url)).body.browserProfiles).toEqual([]);
    expect((await licenseCall('activate', key, loser, first.url)).status).toBe(200);
    expect(
      (await licenseCall('validate', key, loser, second.url)).body.browserProfiles.map((p: { id: string }) => p.id),
    ).toEqual([loser.id]);
  });

  test.each([
    [6, demoKeyName('polar', 3, 'valid', 5)],
    [24, demoKeyName('polar', 3, 'valid', 6)],
  ])('%i activations from one profile, dealt to both instances at once: all VALID, bound once', async (count, key) => {
    const profile = testProfile(`Two instances burst ${count}`);
    const answers = await concurrentActivations(key, [profile], count, [first.url, second.url]);
    expect(answers.map((a) => [a.status, a.body.status])).toEqual(Array(count).fill([200, undefined]));
    for (const base of [first.url, second.url]) {
      const validated = await licenseCall('validate', key, profile, base);
      expect(validated.body.browserProfiles.map((p: { id: string }) => p.id)).toEqual([profile.id]);
    }
    expect(await providerActivations(key)).toEqual([profile.name]);
  });

  test.each([
    [1, demoKeyName('polar', 3, 'valid', 7)],
    [3, demoKeyName('polar', 9, 'valid', 8)],
    [5, demoKeyName('polar', 15, 'valid', 6)],
  ])('different profiles racing on both instances for a %i-profile key never exceed it', async (limit, key) => {
    const profiles = Array.from({ length: limit + 4 }, (_, i) => testProfile(`Instances race ${limit} ${i}`));
    const answers = await concurrentActivations(key, profiles, profiles.length * 2, [first.url, second.url]);
    const bound = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.browserProfile.id));
    expect(bound.size).toBe(limit);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.status).toBe('INVALID');
    const holder = profiles.find((p) => bound.has(p.id)) as (typeof profiles)[number];
    const held = (await licenseCall('validate', key, holder, second.url)).body;
    expect(held.browserProfiles.map((p: { id: string }) => p.id).sort()).toEqual([...bound].sort());
    expect((await providerActivations(key)).length).toBe(limit);
  });

  test('a webhook handled by one instance is a replay for the other, and its revocation holds on both', async () => {
    // The sandbox delivers to the main test site; the same signed delivery is then sent to these two.
    const key = demoKeyName('polar', 30, 'valid', 6);
    const profile = testProfile('Instances webhook');
    expect((await licenseCall('activate', key, profile, first.url)).status).toBe(200);
    const sent = await sandboxControl('POST', '/sandbox/webhooks/send', { type: 'order.refunded', key });
    const { headers, body } = sent.deliveries[0].request as { headers: Record<string, string>; body: string };
    const deliver = (base: string) => fetch(`${base}/api/webhooks/polar`, { method: 'POST', headers, body });
    expect((await deliver(first.url)).status).toBe(200);
    expect((await deliver(second.url)).status).toBe(409);
    expect((await licenseCall('validate', key, profile, first.url)).status).toBe(403);
    expect((await licenseCall('validate', key, profile, second.url)).status).toBe(403);
  });

  test('each instance limits requests per address', async () => {
    const limited = await startSiteInstance(inject('buildDir'), inject('siteEnv'), {
      DATABASE_URL: databaseUrl,
      API_REQUESTS_PER_MINUTE: '3',
    });
    try {
      // 3 a minute, one of them used by the instance's warm-up: the 4th request here is surely refused.
      const profile = testProfile('Rate limited');
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await licenseCall('validate', '', profile, limited.url));
      expect(answers.slice(0, 2).map((a) => a.status)).toEqual([400, 400]);
      const refused = answers[3];
      expect(refused?.status).toBe(429);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      // The refusal says nothing about the key: a client keeps its stored key and Pro (ENDPOINT_DOWN).
      expect(refused?.body).toEqual({
        status: 'ENDPOINT_DOWN',
        message: 'License validation service is down. Please try again later.',
      });
      // Naming another address does not get round it: with no proxy configured, X-Forwarded-For is not believed.
      const named = await validateFrom(limited.url, profile, '203.0.113.9');
      expect(named.status).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  test('behind a trusted proxy, each client the proxy names has its own limit, whatever the client wrote', async () => {
    const proxied = await startSiteInstance(inject('buildDir'), inject('siteEnv'), {
      DATABASE_URL: databaseUrl,
      API_REQUESTS_PER_MINUTE: '3',
      TRUSTED_PROXIES: '1',
    });
    try {
      const profile = testProfile('Behind a proxy');
      // The proxy appends the address it was connected from: 198.51.100.4 here (its own warm-up came from no proxy).
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await validateFrom(proxied.url, profile, '198.51.100.4')).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // The same client writing an address of its own before the proxy's entry is still the same client.
      expect((await validateFrom(proxied.url, profile, '203.0.113.9, 198.51.100.4')).status).toBe(429);
      // Another client of the proxy is not held back by the first.
      expect((await validateFrom(proxied.url, profile, '198.51.100.5')).status).toBe(400);
    } finally {
      await proxied.stop();
    }
  });
});

/** A validate call (with no key: answered 400 when let through) as a proxy in front of the site would pass it on. */
function validateFrom(base: string, profile: ReturnType<typeof testProfile>, forwardedFor: string) {
  return postJson(
    '/api/licenses/pro/validate',
    { license: { key: '' }, browserProfile: profile },
    { base, headers: { 'x-forwarded-for': forwardedFor } },
  );
}
