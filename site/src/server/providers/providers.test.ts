import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { demoKeyName } from '../../../../scripts/provider-sandbox/seed';
import { type ProviderSandbox, startProviderSandbox } from '../../../../scripts/provider-sandbox/server';
import { LicenseError } from '../../../../shared/errors/domain-errors';
import { DEFAULT_POLAR_ORGANIZATION_ID } from '../license-config';
import { openDatabase } from '../store/database';
import { LicenseStore } from '../store/license-store';
import type { LicenseTables } from '../store/schema';
import { LemonSqueezyLicenses } from './lemonsqueezy';
import { POLAR_RETRY_CONFIG, PolarLicenses } from './polar';
import { ProviderCallBudget } from './provider-call-budget';

let sandbox: ProviderSandbox;
let db: Kysely<LicenseTables>;
let budget: ProviderCallBudget;
let lemonSqueezy: LemonSqueezyLicenses;
let polar: PolarLicenses;

const fault = (body: object) =>
  fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  sandbox = await startProviderSandbox({ port: 0 });
  db = await openDatabase({ kind: 'pglite', dataDir: null });
  budget = new ProviderCallBudget(new LicenseStore(db), { lemonsqueezy: 1000, polar: 1000 });
  lemonSqueezy = new LemonSqueezyLicenses(sandbox.url, budget);
  // Retries as configured for the site, but given up after 1.5 s so an outage test stays short.
  const retries = {
    ...POLAR_RETRY_CONFIG,
    backoff: { ...(POLAR_RETRY_CONFIG as { backoff: object }).backoff, maxElapsedTime: 1500 },
  };
  polar = new PolarLicenses(
    sandbox.url,
    DEFAULT_POLAR_ORGANIZATION_ID,
    null,
    budget,
    retries as typeof POLAR_RETRY_CONFIG,
  );
});
afterAll(async () => {
  await sandbox?.close();
  await db?.destroy();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

describe('Lemon Squeezy through ky', () => {
  test('a valid key gives VALID with the customer email, product and customer id', async () => {
    const result = await lemonSqueezy.check(demoKeyName('lemonsqueezy', 9, 'valid'));
    expect(result).toMatchObject({ status: 'VALID', statusCode: 200, productId: '310009' });
    expect(result.email).toMatch(/^buyer\d+\.lemonsqueezy@example\.com$/);
    expect(result.customerId).toMatch(/^\d+$/);
  });

  test('unknown and disabled keys (4xx) are INVALID, an expired one EXPIRED', async () => {
    expect((await lemonSqueezy.check('no-such-key')).status).toBe('INVALID');
    expect((await lemonSqueezy.check(demoKeyName('lemonsqueezy', 3, 'disabled'))).status).toBe('INVALID');
    expect((await lemonSqueezy.check(demoKeyName('lemonsqueezy', 3, 'expired'))).status).toBe('EXPIRED');
  });

  test('a first valid key with no activation is activated, named after the customer’s email', async () => {
    const key = demoKeyName('lemonsqueezy', 15, 'first-time');
    const result = await lemonSqueezy.check(key);
    expect(result.status).toBe('VALID');
    expect(sandbox.state.licenses.get(key)?.activations.map((a) => a.label)).toEqual([result.email]);
    await lemonSqueezy.check(key);
    expect(sandbox.state.licenses.get(key)?.activations).toHaveLength(1);
  });

  test('5xx, 429 and no answer at all are ENDPOINT_DOWN', async () => {
    const key = demoKeyName('lemonsqueezy', 3, 'valid', 3);
    await fault({ target: 'lemonsqueezy', status: 503, times: 1 });
    expect(await lemonSqueezy.check(key)).toMatchObject({ status: 'ENDPOINT_DOWN', statusCode: 500 });
    await fault({ target: 'lemonsqueezy', status: 429, times: 1 });
    expect((await lemonSqueezy.check(key)).status).toBe('ENDPOINT_DOWN');
    const nowhere = new LemonSqueezyLicenses('http://127.0.0.1:9', budget);
    expect((await nowhere.check(key)).status).toBe('ENDPOINT_DOWN');
  });
});

describe('Polar through the official SDK', () => {
  test('a granted key gives VALID with its benefit as the product', async () => {
    const result = await polar.check(demoKeyName('polar', 30, 'valid'));
    expect(result).toMatchObject({
      status: 'VALID',
      statusCode: 200,
      productId: '7c1e9a52-3d4b-4f6a-8e21-000000000030',
    });
    expect(result.issuedAt).toBe('2026-01-15T10:00:00.000Z');
  });

  test('an invalid key is 400 / INVALID, an expired one EXPIRED', async () => {
    expect(await polar.check('CRSRFL_PLR-NOPE')).toMatchObject({ status: 'INVALID', statusCode: 400 });
    expect((await polar.check(demoKeyName('polar', 3, 'revoked'))).status).toBe('INVALID');
    expect((await polar.check(demoKeyName('polar', 3, 'disabled'))).status).toBe('INVALID');
    expect((await polar.check(demoKeyName('polar', 3, 'expired'))).status).toBe('EXPIRED');
  });

  test('a passing 503 is retried by the SDK; a lasting one is 500 / ENDPOINT_DOWN', async () => {
    const key = demoKeyName('polar', 9, 'valid', 2);
    await fault({ target: 'polar', status: 503, times: 1 });
    expect((await polar.check(key)).status).toBe('VALID');
    await fault({ target: 'polar', status: 500 });
    expect(await polar.check(key)).toMatchObject({ status: 'ENDPOINT_DOWN', statusCode: 500 });
  });

  test('activation is refused past Polar’s own limit', async () => {
    const key = demoKeyName('polar', 3, 'valid', 5);
    const id = await polar.activate(key, { id: 'profile-1111', name: 'One' });
    await expect(polar.activate(key, { id: 'profile-2222', name: 'Two' })).rejects.toMatchObject({
      constructor: LicenseError,
      kind: 'activation-limit',
    });
    await polar.deactivate(key, id);
    await polar.deactivate(key, id);
    expect(sandbox.state.licenses.get(key)?.activations).toHaveLength(0);
  });
});

test('every provider call first takes a slot in the rate-limit budget; none left means ENDPOINT_DOWN', async () => {
  // A database of its own: the calls above used this minute's budget of the shared one.
  const fresh = await openDatabase({ kind: 'pglite', dataDir: null });
  const tight = new ProviderCallBudget(new LicenseStore(fresh), { lemonsqueezy: 2, polar: 2 }, 200);
  const client = new LemonSqueezyLicenses(sandbox.url, tight);
  const key = demoKeyName('lemonsqueezy', 30, 'valid', 2);
  await fetch(`${sandbox.url}/sandbox/calls`, { method: 'DELETE' });
  const results = await Promise.all([client.check(key), client.check(key), client.check(key)]);
  expect(results.map((r) => r.status).sort()).toEqual(['ENDPOINT_DOWN', 'VALID', 'VALID']);
  expect(results.find((r) => r.status === 'ENDPOINT_DOWN')?.throttled).toBe(true);
  const calls = (await fetch(`${sandbox.url}/sandbox/calls`).then((r) => r.json())) as { total: number };
  expect(calls.total).toBe(2);
  await fresh.destroy();
});
