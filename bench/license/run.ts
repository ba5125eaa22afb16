/**
 * Cached license validations against a bare endpoint of the same server, in one run (autocannon on loopback).
 * The built site runs with the provider sandbox and the embedded database; every key's profile is bound first,
 * then rounds alternate: GET /api/stats (the bare endpoint: routing and a JSON answer, no license work) and
 * POST /api/licenses/pro/validate over many keys. Prints requests per second and p99 latency of each, their
 * ratio (goal ≥ 0.5), and the provider calls the sandbox counted during the validation rounds (goal: at most
 * one per key per cache period, never above the provider's rate limit).
 *
 *   npm run bench:license -- [--rounds 2] [--seconds 10] [--connections 20] [--cache 10] [--keys 24]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { bin, freePort, run, waitForHttp } from '../../scripts/lib/processes';
import {
  demoKeyName,
  SANDBOX_ACCESS_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
  VALID_KEYS_PER_TIER,
} from '../../scripts/provider-sandbox/seed';
import { startProviderSandbox } from '../../scripts/provider-sandbox/server';
import { ALL_LICENSE_TIERS } from '../../shared/licenses/license-tiers';
import { benchOptions, numberOption } from '../bench-options';

const values = benchOptions(
  'Usage: npm run bench:license -- [--rounds N] [--seconds S] [--connections C] [--cache SECONDS] [--keys K]\n' +
    'Prints cached validations/s and p99 against a bare endpoint of the same server, and the provider calls made.',
  {
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    cache: { type: 'string', default: '10' },
    keys: { type: 'string', default: '24' },
  },
);
const rounds = numberOption(values, 'rounds', { min: 1, whole: true });
const seconds = numberOption(values, 'seconds', { min: 1, whole: true });
const connections = numberOption(values, 'connections', { min: 1, whole: true });
const cacheSeconds = numberOption(values, 'cache');
const keyCount = numberOption(values, 'keys', { min: 1, whole: true });
/** Lemon Squeezy's published limit, which the site is configured with. */
const PROVIDER_CALLS_PER_MINUTE = 60;

// Keys from both providers and every tier, one bound profile each.
const keys = ALL_LICENSE_TIERS.flatMap((tier) =>
  Array.from({ length: VALID_KEYS_PER_TIER }, (_, i) => [
    demoKeyName('lemonsqueezy', tier, 'valid', i + 1),
    demoKeyName('polar', tier, 'valid', i + 1),
  ]).flat(),
).slice(0, keyCount);
const profile = (i: number) => ({ id: `bench-profile-${String(i).padStart(4, '0')}`, name: `Bench ${i}` });
const bodies = keys.map((key, i) => JSON.stringify({ license: { key }, browserProfile: profile(i) }));

await mkdir('dist/bench-builds', { recursive: true });
const buildDir = await mkdtemp(resolve('dist/bench-builds/license-'));
const sandbox = await startProviderSandbox({ port: 0 });
const port = await freePort();
const siteUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  BUILD_DIR: buildDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: siteUrl,
  POLAR_API_URL: sandbox.url,
  LEMONSQUEEZY_API_URL: sandbox.url,
  POLAR_ACCESS_TOKEN: SANDBOX_ACCESS_TOKEN,
  POLAR_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
  DATA_DIR: join(buildDir, 'data'),
  LICENSE_CACHE_SECONDS: String(cacheSeconds),
  PROVIDER_CALLS_PER_MINUTE: String(PROVIDER_CALLS_PER_MINUTE),
  // One address sends everything here: the per-address limit would measure only itself.
  API_REQUESTS_PER_MINUTE: '100000000',
  ASTRO_TELEMETRY_DISABLED: '1',
};
let site: ChildProcess | null = null;

try {
  console.log('Building the site...');
  if (!run(bin('astro'), ['build'], env)) throw new Error('astro build failed');
  site = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`${siteUrl}/`);

  for (let i = 0; i < keys.length; i++) {
    const answer = await fetch(`${siteUrl}/api/licenses/pro/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[i],
    });
    if (answer.status !== 200)
      throw new Error(`activating ${keys[i]} answered ${answer.status}: ${await answer.text()}`);
  }

  const bare = (): Promise<autocannon.Result> =>
    autocannon({ url: `${siteUrl}/api/stats`, connections, duration: seconds });
  const validate = (): Promise<autocannon.Result> =>
    autocannon({
      url: `${siteUrl}/api/licenses/pro/validate`,
      connections,
      duration: seconds,
      requests: bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })),
    });

  // Warm-up (JIT, connection pools), not counted.
  await autocannon({ url: `${siteUrl}/api/stats`, connections, duration: 2 });
  await fetch(`${sandbox.url}/sandbox/calls`, { method: 'DELETE' });

  const results: { bare: autocannon.Result; validate: autocannon.Result }[] = [];
  const validateStarted = Date.now();
  for (let round = 0; round < rounds; round++) {
    const b = await bare();
    const v = await validate();
    results.push({ bare: b, validate: v });
    console.log(
      `round ${round + 1}: bare ${b.requests.average.toFixed(0)} req/s (p99 ${b.latency.p99} ms), validate ${v.requests.average.toFixed(0)} req/s (p99 ${v.latency.p99} ms, ${v.non2xx} non-2xx)`,
    );
  }
  const calls = (await fetch(`${sandbox.url}/sandbox/calls`).then((r) => r.json())) as {
    total: number;
    byKey: Record<string, number>;
    maxPerMinute: { lemonsqueezy: number; polar: number };
  };

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bareRps = mean(results.map((r) => r.bare.requests.average));
  const validateRps = mean(results.map((r) => r.validate.requests.average));
  const bareP99 = Math.max(...results.map((r) => r.bare.latency.p99));
  const validateP99 = Math.max(...results.map((r) => r.validate.latency.p99));
  const non2xx = results.reduce((n, r) => n + r.validate.non2xx + r.validate.errors, 0);
  const wallSeconds = (Date.now() - validateStarted) / 1000;
  // Validation rounds span the whole wall time (the bare rounds sit between them): a key may be fetched once
  // per cache period of that span, plus once at its start.
  const allowedPerKey = Math.ceil(wallSeconds / cacheSeconds) + 1;
  const perKey = keys.map((k) => calls.byKey[k] ?? 0);
  console.log(`
License validation (cached) vs bare endpoint, ${rounds} × ${seconds} s each, ${connections} connections, ${keys.length} keys
  bare GET /api/stats           ${bareRps.toFixed(0)} req/s   p99 ${bareP99} ms
  POST /api/licenses/pro/validate ${validateRps.toFixed(0)} req/s   p99 ${validateP99} ms   (${non2xx} non-2xx or errors)
  ratio validate/bare           ${(validateRps / bareRps).toFixed(2)}   (goal ≥ 0.5)
  provider calls during the validation rounds: ${calls.total} (key lookups ${perKey.reduce((a, b) => a + b, 0)}, customer-portal sessions ${calls.total - perKey.reduce((a, b) => a + b, 0)})
  most calls for one key        ${Math.max(...perKey)}   (goal ≤ ${allowedPerKey}: one per ${cacheSeconds} s cache period over ${wallSeconds.toFixed(0)} s)
  most calls in any minute      Lemon Squeezy ${calls.maxPerMinute.lemonsqueezy}, Polar ${calls.maxPerMinute.polar}   (limit ${PROVIDER_CALLS_PER_MINUTE})`);
} finally {
  site?.kill('SIGTERM');
  await sandbox.close();
  await rm(buildDir, { recursive: true, force: true });
}
