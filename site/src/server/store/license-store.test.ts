import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../../../../scripts/lib/postgres-cluster';
import { LicenseError } from '../../../../shared/errors/domain-errors';
import { ProviderCallBudget } from '../providers/provider-call-budget';
import { openDatabase } from './database';
import { LicenseStore } from './license-store';
import { migrateToLatest } from './migrations';
import type { LicenseTables } from './schema';

const A = { id: 'profile-aaaa', name: 'Work laptop' };
const B = { id: 'profile-bbbb', name: 'Home' };
const C = { id: 'profile-cccc', name: 'Brave' };

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

// The same tests, on the embedded default and on a real PostgreSQL server.
describe.each([
  ['PGlite', async () => openDatabase({ kind: 'pglite', dataDir: null })],
  ['PostgreSQL', async () => openDatabase({ kind: 'postgres', url: await cluster.createDatabase('store_test') })],
] as const)('the license store on %s', (_name, open) => {
  let db: Kysely<LicenseTables>;
  let store: LicenseStore;
  beforeAll(async () => {
    db = await open();
    store = new LicenseStore(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  test('migrations are versioned and applying them again changes nothing', async () => {
    await migrateToLatest(db as Kysely<unknown>);
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied).toEqual([{ name: '2026-11-01-001-license-state' }]);
  });

  test('a license binds profiles up to its limit; the same profile again is no new slot; releasing frees one', async () => {
    const first = await store.bind('lemonsqueezy:1', A, 2);
    expect(first).toMatchObject({ bound: true, isNew: true });
    expect(await store.bind('lemonsqueezy:1', { ...A, name: 'Renamed' }, 2)).toMatchObject({
      bound: true,
      isNew: false,
    });
    expect((await store.bind('lemonsqueezy:1', B, 2)).bound).toBe(true);
    const refused = await store.bind('lemonsqueezy:1', C, 2);
    expect(refused.bound).toBe(false);
    expect(refused.bindings.map((b) => [b.id, b.name])).toEqual([
      [A.id, 'Renamed'],
      [B.id, B.name],
    ]);
    expect(await store.release('lemonsqueezy:1', A.id)).toMatchObject({ id: A.id });
    expect(await store.release('lemonsqueezy:1', A.id)).toBeNull();
    expect((await store.bind('lemonsqueezy:1', C, 2)).bound).toBe(true);
    expect((await store.bindings('lemonsqueezy:1')).map((b) => b.id)).toEqual([B.id, C.id]);
  });

  test('concurrent activations never take more slots than the limit', async () => {
    const profiles = Array.from({ length: 8 }, (_, i) => ({ id: `profile-race-${i}`, name: `P${i}` }));
    const outcomes = await Promise.all(profiles.map((p) => store.bind('polar:race', p, 3, `activation-${p.id}`)));
    expect(outcomes.filter((o) => o.bound)).toHaveLength(3);
    const bindings = await store.bindings('polar:race');
    expect(bindings).toHaveLength(3);
    expect(bindings.every((b) => b.providerActivationId === `activation-${b.id}`)).toBe(true);
  });

  test('one profile bound again keeps its first activation, and a binding made without one takes the next', async () => {
    await store.bind('polar:same', A, 1, 'activation-1');
    const again = await store.bind('polar:same', A, 1, 'activation-2');
    expect(again).toMatchObject({ bound: true, isNew: false });
    expect(again.bindings.map((b) => b.providerActivationId)).toEqual(['activation-1']);
    await store.bind('polar:none', A, 1);
    const adopted = await store.bind('polar:none', A, 1, 'activation-3');
    expect(adopted.bindings.map((b) => b.providerActivationId)).toEqual(['activation-3']);
    expect((await store.bindings('polar:none')).map((b) => b.providerActivationId)).toEqual(['activation-3']);
  });

  test('a revocation by license id or by customer (for keys issued before it) takes a license back', async () => {
    const subject = { provider: 'polar', licenseId: 'key-1', customerId: 'cust-1', issuedAt: '2026-01-01T00:00:00Z' };
    expect(await store.isRevoked(subject)).toBe(false);
    await store.revoke({
      provider: 'polar',
      licenseId: null,
      customerId: 'cust-1',
      reason: 'order.refunded',
      webhookId: 'w',
    });
    expect(await store.isRevoked(subject)).toBe(true);
    // A key the same customer buys later is not touched; another provider's ids are another namespace.
    expect(await store.isRevoked({ ...subject, issuedAt: '2099-01-01T00:00:00Z' })).toBe(false);
    expect(await store.isRevoked({ ...subject, provider: 'lemonsqueezy' })).toBe(false);
    await store.revoke({
      provider: 'polar',
      licenseId: 'key-2',
      customerId: null,
      reason: 'benefit_grant.revoked',
      webhookId: 'v',
    });
    expect(await store.isRevoked({ ...subject, licenseId: 'key-2', customerId: 'other' })).toBe(true);
  });

  test('a webhook id is handled once: the same delivery again is a replay, a redelivery a repeat', async () => {
    let applied = 0;
    const apply = async () => {
      applied++;
    };
    expect(await store.receiveWebhook('evt-1', 1000, 'order.refunded', apply)).toBe('new');
    expect(await store.receiveWebhook('evt-1', 1000, 'order.refunded', apply)).toBe('replay');
    expect(await store.receiveWebhook('evt-1', 1060, 'order.refunded', apply)).toBe('repeat');
    expect(applied).toBe(1);
    // A failure while applying records nothing, so the provider's retry is handled in full.
    await expect(
      store.receiveWebhook('evt-2', 1000, 'order.refunded', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.receiveWebhook('evt-2', 1001, 'order.refunded', apply)).toBe('new');
  });

  test('the provider-call budget allows N calls in any minute, then says how long to wait', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => store.takeProviderCall('budget-test', 3)));
    expect(results.filter((wait) => wait === 0)).toHaveLength(3);
    for (const wait of results.filter((w) => w > 0)) {
      expect(wait).toBeGreaterThan(55_000);
      expect(wait).toBeLessThanOrEqual(60_000);
    }
    const budget = new ProviderCallBudget(store, { lemonsqueezy: 2, polar: 2 }, 1000);
    await budget.take('polar');
    await budget.take('polar');
    await expect(budget.take('polar')).rejects.toMatchObject({ constructor: LicenseError, kind: 'provider-busy' });
  });
});
