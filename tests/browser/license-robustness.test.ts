import fc from 'fast-check';
import { describe, expect, inject, test } from 'vitest';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { licenseCall, testProfile } from '../support/license-http';

/** What a hostile client sends: a body and the content type it claims. */
interface HostileRequest {
  readonly body: string;
  readonly type: string;
}

const profile = { id: 'profile-hostile-0000', name: 'Hostile' };
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** 500 malformed or hostile bodies: wrong types, huge strings, deep nesting, invalid JSON, wrong content types. */
function hostileRequests(): HostileRequest[] {
  const fixed: HostileRequest[] = [
    { body: '', type: 'application/json' },
    { body: '{', type: 'application/json' },
    { body: '{"license":', type: 'application/json' },
    { body: 'null', type: 'application/json' },
    { body: '[]', type: 'application/json' },
    { body: '"key"', type: 'application/json' },
    { body: '1e999', type: 'application/json' },
    { body: '\u0000\u0001\u0002', type: 'application/json' },
    { body: '\uFEFF{"license":{"key":"x"}}', type: 'application/json' },
    { body: nested(4000), type: 'application/json' },
    { body: `{"license":${nested(3000)}}`, type: 'application/json' },
    {
      body: JSON.stringify({ license: { key: 'x'.repeat(2_000_000) }, browserProfile: profile }),
      type: 'application/json',
    },
    { body: JSON.stringify({ license: { key: 'x'.repeat(257) }, browserProfile: profile }), type: 'application/json' },
    {
      body: JSON.stringify({ license: { key: 'k' }, browserProfile: { id: 'x'.repeat(5000), name: 'n' } }),
      type: 'application/json',
    },
    {
      body: '{"__proto__":{"admin":true},"license":{"key":"k"},"browserProfile":{"id":"profile-0000","name":"n"}}',
      type: 'application/json',
    },
    { body: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
    { body: JSON.stringify({ license: { key: 'k' }, browserProfile: profile }), type: 'text/plain' },
    { body: 'license[key]=k&browserProfile[id]=x', type: 'application/x-www-form-urlencoded' },
    {
      body: '--b\r\nContent-Disposition: form-data; name="k"\r\n\r\nv\r\n--b--',
      type: 'multipart/form-data; boundary=b',
    },
    { body: '<license><key>k</key></license>', type: 'application/xml' },
    { body: JSON.stringify({ license: { key: 'k' }, browserProfile: profile }), type: 'application/jsonp' },
    { body: JSON.stringify({ license: { key: ['k'] }, browserProfile: profile }), type: 'application/json' },
    { body: JSON.stringify({ license: { key: { $ne: null } }, browserProfile: profile }), type: 'application/json' },
    { body: JSON.stringify({ license: { key: "' OR 1=1 --" }, browserProfile: profile }), type: 'application/json' },
    {
      body: JSON.stringify({ license: { key: 'k' }, browserProfile: { id: 'profile-0000', name: '' } }),
      type: 'application/json',
    },
    {
      body: JSON.stringify({ license: { key: 'k' }, browserProfile: { id: 'profile-0000', name: 'x'.repeat(81) } }),
      type: 'application/json',
    },
    { body: JSON.stringify({ license: { key: 'k' }, browserProfile: null }), type: 'application/json' },
    { body: JSON.stringify({ license: 'k', browserProfile: profile }), type: 'application/json' },
    {
      body: JSON.stringify({ license: { key: 'k', extra: 1 }, browserProfile: profile, releaseBrowserProfileId: 5 }),
      type: 'application/json',
    },
  ];
  // The rest: arbitrary JSON values, and objects shaped like the request with arbitrary values inside, from a fixed seed.
  const shaped = fc.record({
    license: fc.oneof(fc.anything(), fc.record({ key: fc.anything() })),
    browserProfile: fc.oneof(fc.anything(), fc.record({ id: fc.anything(), name: fc.anything() })),
    releaseBrowserProfileId: fc.anything(),
  });
  const generated = fc
    .sample(fc.oneof(fc.jsonValue({ maxDepth: 6 }), shaped), { seed: 10, numRuns: 500 - fixed.length })
    .map((value) => {
      let body: string;
      try {
        body = JSON.stringify(value) ?? 'undefined';
      } catch {
        body = String(value);
      }
      return { body, type: 'application/json' };
    });
  return [...fixed, ...generated];
}

/** Sends requests a few at a time; returns every status. */
async function sendAll(path: string, requests: readonly HostileRequest[]): Promise<number[]> {
  const statuses: number[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] as HostileRequest;
      const response = await fetch(`${inject('siteUrl')}${path}`, {
        method: 'POST',
        headers: { 'content-type': request.type },
        body: request.body,
      });
      await response.arrayBuffer();
      statuses[index] = response.status;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

describe('500 malformed or hostile bodies to each endpoint', () => {
  const requests = hostileRequests();

  test.each([
    '/api/licenses/pro/activate',
    '/api/licenses/pro/validate',
    '/api/licenses/pro/release',
    '/api/webhooks/polar',
  ])(
    '%s answers every one with a 4xx and keeps answering',
    async (path) => {
      expect(requests).toHaveLength(500);
      const statuses = await sendAll(path, requests);
      const outside = statuses
        .map((status, i) => ({ status, body: requests[i]?.body.slice(0, 80) }))
        .filter((r) => r.status < 400 || r.status >= 500);
      expect(outside).toEqual([]);
      const after = await licenseCall(
        'validate',
        demoKeyName('lemonsqueezy', 30, 'valid', 5),
        testProfile('After hostility'),
      );
      expect(after.status).toBe(403);
      expect(after.body.status).toBe('INVALID');
    },
    120_000,
  );
});
