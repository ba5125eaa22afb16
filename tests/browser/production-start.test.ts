// The built site's server started with NODE_ENV=production, as a deploy runs it: it refuses a configuration that is
// not ready for customers, starts with a complete one (against a provider sandbox that has credentials of its own,
// as a real provider account would), answers load balancers' health checks, logs JSON lines, and lets an open
// request finish on SIGTERM.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freePort } from '../../scripts/lib/processes';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { type ProviderSandbox, startProviderSandbox } from '../../scripts/provider-sandbox/server';
import { DEVELOPMENT_EXTENSION_KEY } from '../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../shared/config/extension-id';
import { ALL_LICENSE_TIERS, type LicenseProduct } from '../../shared/licenses/license-tiers';
import { licenseCall, testProfile } from '../support/license-http';
import { buildForProduction, PUBLIC_SITE_URL } from '../support/production-build';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/** A provider account of this test's own: nothing the sandbox or the site has as a default. */
const ACCOUNT = {
  accessToken: `polar_oat_${randomUUID()}`,
  webhookSecret: `polar_whs_${randomUUID()}`,
  organizationId: randomUUID(),
  products: ALL_LICENSE_TIERS.flatMap((tier): LicenseProduct[] => [
    { provider: 'lemonsqueezy', productId: String(820000 + tier), tier },
    { provider: 'polar', productId: `5e0f6a1b-2c3d-4e5f-8a9b-${String(tier).padStart(12, '0')}`, tier },
  ]),
};

let sandbox: ProviderSandbox;
let productionBuild: string;

/** Everything production needs, pointed at this test's sandbox. */
function productionEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SITE_URL: PUBLIC_SITE_URL,
    POLAR_API_URL: sandbox.url,
    LEMONSQUEEZY_API_URL: sandbox.url,
    POLAR_ACCESS_TOKEN: ACCOUNT.accessToken,
    POLAR_WEBHOOK_SECRET: ACCOUNT.webhookSecret,
    POLAR_ORGANIZATION_ID: ACCOUNT.organizationId,
    LICENSE_PRODUCTS: ACCOUNT.products.map((p) => `${p.provider}:${p.productId}=${p.tier}`).join(','),
    LEMONSQUEEZY_PORTAL_URL: `${sandbox.url}/billing`,
    POLAR_PORTAL_URL: `${sandbox.url}/portal`,
    CHECKOUT_URLS: ALL_LICENSE_TIERS.map((tier) => `${tier}=${PUBLIC_SITE_URL}/buy/${tier}`).join(','),
    DATA_DIR: dataDir,
  };
}

const started: ServerProcess[] = [];
async function start(buildDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(buildDir, env);
  started.push(server);
  return server;
}

beforeAll(async () => {
  sandbox = await startProviderSandbox({
    port: 0,
    webhookSecret: ACCOUNT.webhookSecret,
    credentials: {
      accessToken: ACCOUNT.accessToken,
      organizationId: ACCOUNT.organizationId,
      products: ACCOUNT.products,
    },
  });
  // A site built as for production: the store's extension id and the public https URL.
  productionBuild = await buildForProduction();
}, 600_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await sandbox?.close();
});

describe('a production start with a problem exits non-zero naming it', () => {
  const developmentId = extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);
  test.each([
    ['a provider secret missing', { POLAR_WEBHOOK_SECRET: '' }, 'POLAR_WEBHOOK_SECRET is not set'],
    ['the access token missing', { POLAR_ACCESS_TOKEN: '' }, 'POLAR_ACCESS_TOKEN is not set'],
    [
      "the sandbox's token",
      { POLAR_ACCESS_TOKEN: 'polar_oat_sandbox_clickreel_demo_access_token' },
      "POLAR_ACCESS_TOKEN is the provider sandbox's token",
    ],
    [
      "the sandbox's organization",
      { POLAR_ORGANIZATION_ID: '0b3f3a7e-6c1d-4f0e-9a43-3c1b2f6a7d10' },
      "POLAR_ORGANIZATION_ID is the provider sandbox's organization",
    ],
    [
      "a sandbox's product",
      { LICENSE_PRODUCTS: 'lemonsqueezy:310003=3' },
      "LICENSE_PRODUCTS names the provider sandbox's products: lemonsqueezy:310003",
    ],
    ['an http SITE_URL', { SITE_URL: 'http://clickreel.example' }, 'SITE_URL is not an https URL'],
    ['the development extension', { EXTENSION_IDS: developmentId }, 'EXTENSION_IDS names the development'],
  ])('%s', async (_what, change, expected) => {
    const server = await start(productionBuild, { ...productionEnv(join(productionBuild, 'data-refused')), ...change });
    expect(await server.exited).toBe(1);
    const refusals = server.stderr.filter((line) => line.startsWith('Not starting in production'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain(expected);
  });

  test('a site built to trust the development extension (this run’s test build)', async () => {
    const server = await start(inject('buildDir'), productionEnv(join(productionBuild, 'data-refused')));
    expect(await server.exited).toBe(1);
    expect(server.stderr.join('\n')).toContain(`TRUSTED_EXTENSION_IDS is the development extension's id`);
  });

  test('nothing configured: one line per problem', async () => {
    const server = await start(productionBuild, { NODE_ENV: 'production', DATA_DIR: join(productionBuild, 'x') });
    expect(await server.exited).toBe(1);
    const text = server.stderr.join('\n');
    for (const name of ['POLAR_ACCESS_TOKEN', 'POLAR_WEBHOOK_SECRET', 'POLAR_ORGANIZATION_ID', 'SITE_URL']) {
      expect(text).toContain(`${name} is not`);
    }
    expect(server.stderr.filter((line) => line.startsWith('Not starting in production')).length).toBeGreaterThan(5);
  });
});

describe('a complete production configuration', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await start(productionBuild, productionEnv(join(productionBuild, 'data-ready')));
    await server.listening();
  });

  test('starts, answers the health check and checks keys with its own provider account', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const key = demoKeyName('lemonsqueezy', 3, 'valid', 1);
    const answer = await licenseCall('activate', key, testProfile('production start'), server.url);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.license.email).toMatch(/@example\.com$/);
  });

  test('logs one JSON line per request, without its query', async () => {
    await fetch(`${server.url}/?licenseKey=SECRET-KEY-IN-QUERY`, { redirect: 'manual' });
    await expect
      .poll(() => server.stdout.map((line) => JSON.parse(line)).find((entry) => entry.path === '/'))
      .toMatchObject({ level: 'info', message: 'request', method: 'GET', status: 303 });
    for (const line of server.stdout) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.stdout.join('\n')).not.toContain('SECRET-KEY-IN-QUERY');
  });

  test('SIGTERM during a slow request lets it finish, then the server stops', async () => {
    const key = demoKeyName('polar', 9, 'valid', 2);
    // The provider answers this key's next check after 3 s.
    await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'polar', delayMs: 3000, times: 1 }),
    });
    const slow = licenseCall('activate', key, testProfile('slow request'), server.url);
    await expect.poll(() => sandbox.state.calls.some((call) => call.key === key)).toBe(true);
    server.child.kill('SIGTERM');
    const answer = await slow;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.license.email).toMatch(/@example\.com$/);
    expect(await server.exited).toBe(0);
  });
});

describe('the health check', () => {
  test('answers 503 when the database cannot be reached', async () => {
    const closedPort = await freePort();
    const server = await start(productionBuild, {
      ...productionEnv(join(productionBuild, 'data-unused')),
      DATABASE_URL: `postgres://clickreel@127.0.0.1:${closedPort}/clickreel`,
    });
    await server.listening();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, problem: 'database unreachable' });
    const errors = server.stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    expect(errors.some((entry) => entry.level === 'error' && /database is unreachable/.test(entry.message))).toBe(true);
  });
});
