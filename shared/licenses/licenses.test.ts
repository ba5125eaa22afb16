import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { maskLicenseKey, normalizeLicenseKey, providerForKey } from './license-key';
import { bareResult, type LicenseResult, unlockedTier } from './license-result';
import { ALL_LICENSE_STATUSES, LICENSE_HTTP_STATUS, licenseMessage, SOMETHING_WENT_WRONG } from './license-status';
import { ALL_LICENSE_TIERS, browserProfileLimit, parseLicenseProducts, tierOfProduct } from './license-tiers';
import { type ProLicenseAnswer, proLicenseRequestSchema, readProLicenseAnswer } from './pro-license-api';
import {
  PRO_RECHECK_INTERVAL_MS,
  parseStoredLicense,
  recheckDelayMs,
  type StoredLicense,
  storedLicenseAfter,
  storedLicenseSchema,
  urlKeyToCheck,
} from './pro-state';
import { readRetryAfterMs } from './retry-after';
import { readStoredLicense } from './stored-license';

describe('license statuses', () => {
  test('each status has its exact message, and a valid one none', () => {
    expect(ALL_LICENSE_STATUSES).toEqual(['VALID', 'INVALID', 'INVALID_EMPTY', 'EXPIRED', 'ENDPOINT_DOWN']);
    expect(licenseMessage('VALID')).toBeNull();
    expect(licenseMessage('INVALID_EMPTY')).toBe('No license key provided');
    expect(licenseMessage('INVALID')).toBe('License invalid');
    expect(licenseMessage('EXPIRED')).toBe('License expired');
    expect(licenseMessage('ENDPOINT_DOWN')).toBe('License validation service is down. Please try again later.');
    expect(SOMETHING_WENT_WRONG).toBe('Something went wrong. Please reach out to support.');
  });

  test('only a valid key is a 2xx; an outage is a 5xx the client keeps its key through', () => {
    expect(LICENSE_HTTP_STATUS.VALID).toBe(200);
    for (const status of ['INVALID', 'INVALID_EMPTY', 'EXPIRED'] as const) {
      expect(LICENSE_HTTP_STATUS[status]).toBeGreaterThanOrEqual(400);
      expect(LICENSE_HTTP_STATUS[status]).toBeLessThan(500);
    }
    expect(LICENSE_HTTP_STATUS.ENDPOINT_DOWN).toBe(503);
  });
});

describe('which provider checks a key', () => {
  test('keys starting with CRSRFL_PLR go to Polar, every other key to Lemon Squeezy', () => {
    expect(providerForKey('CRSRFL_PLR-ABCD-1234')).toBe('polar');
    expect(providerForKey('38b1460a-5104-4067-a91d-77b872934d51')).toBe('lemonsqueezy');
    expect(providerForKey('crsrfl_plr-lowercase')).toBe('lemonsqueezy');
    expect(providerForKey('ACME-123', 'ACME')).toBe('polar');
  });

  test('pasted keys lose surrounding spaces and line breaks', () => {
    expect(normalizeLicenseKey('  CRSRFL_PLR-X \n')).toBe('CRSRFL_PLR-X');
  });

  test('a key shown masked keeps only its last 4 characters, a short key none', () => {
    expect(maskLicenseKey('38b1460a-5104-4067-a91d-77b872934d51')).toBe('••••••••4d51');
    expect(maskLicenseKey('CRSRFL_PLR-ABCD-1234')).toBe('••••••••1234');
    expect(maskLicenseKey('ABCD1234')).toBe('••••••••');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (key) => {
        const masked = maskLicenseKey(key);
        expect(masked.length).toBeLessThanOrEqual(12);
        if (key.length > 4) expect(masked).not.toContain(key);
      }),
    );
  });
});

describe('tiers', () => {
  test('tiers 3, 9, 15 and 30 allow 1, 3, 5 and 10 browser profiles', () => {
    expect(ALL_LICENSE_TIERS.map(browserProfileLimit)).toEqual([1, 3, 5, 10]);
  });

  test('products are read from configuration, and a malformed entry is named', () => {
    const products = parseLicenseProducts('lemonsqueezy:1001=3, polar:abc-def=30');
    expect(products).toEqual([
      { provider: 'lemonsqueezy', productId: '1001', tier: 3 },
      { provider: 'polar', productId: 'abc-def', tier: 30 },
    ]);
    expect(tierOfProduct(products, 'polar', 'abc-def')).toBe(30);
    expect(tierOfProduct(products, 'lemonsqueezy', 'abc-def')).toBeNull();
    expect(() => parseLicenseProducts('lemonsqueezy:1001=4')).toThrow(/"lemonsqueezy:1001=4" is not a product/);
    expect(() => parseLicenseProducts('stripe:1=3')).toThrow(/stripe:1=3/);
  });

  test('a key unlocks pro only when VALID and its product is one of ours', () => {
    const products = parseLicenseProducts('lemonsqueezy:1001=9');
    const valid: LicenseResult = {
      status: 'VALID',
      email: 'a@example.com',
      id: '1',
      statusCode: 200,
      productId: '1001',
      customerId: '7',
      issuedAt: null,
    };
    expect(unlockedTier(valid, 'lemonsqueezy', products)).toBe(9);
    expect(unlockedTier({ ...valid, productId: '2002' }, 'lemonsqueezy', products)).toBeNull();
    expect(unlockedTier({ ...valid, status: 'EXPIRED' }, 'lemonsqueezy', products)).toBeNull();
    expect(unlockedTier(bareResult('ENDPOINT_DOWN', 500), 'lemonsqueezy', products)).toBeNull();
  });
});

describe('the request body', () => {
  const profile = { id: 'profile-0001', name: 'Chrome on Linux' };
  test('an absent or empty key is accepted (answered INVALID_EMPTY), a wrong type is not', () => {
    expect(proLicenseRequestSchema.safeParse({ license: { key: '' }, browserProfile: profile }).success).toBe(true);
    expect(proLicenseRequestSchema.safeParse({ license: {}, browserProfile: profile }).success).toBe(true);
    expect(proLicenseRequestSchema.safeParse({ browserProfile: profile }).success).toBe(true);
    expect(proLicenseRequestSchema.safeParse({ license: { key: 1 }, browserProfile: profile }).success).toBe(false);
    expect(proLicenseRequestSchema.safeParse({ license: { key: 'k' } }).success).toBe(false);
    expect(
      proLicenseRequestSchema.safeParse({ license: { key: 'x'.repeat(300) }, browserProfile: profile }).success,
    ).toBe(false);
    expect(
      proLicenseRequestSchema.safeParse({ license: { key: 'k' }, browserProfile: profile, extra: true }).success,
    ).toBe(false);
  });
});

describe('what a browser keeps', () => {
  const stored: StoredLicense = { key: 'OLD', email: 'old@example.com' };
  const valid = readProLicenseAnswer({
    license: { email: 'new@example.com' },
    browserProfiles: [],
    browserProfile: null,
    browserProfileLimit: 1,
    customerPortal: null,
  });
  const invalid = readProLicenseAnswer({ status: 'INVALID', message: 'License invalid' });
  const down = readProLicenseAnswer({ status: 'ENDPOINT_DOWN', message: 'x' });

  test('pro is off by default: nothing stored is free', () => {
    expect(parseStoredLicense(null)).toBeNull();
    expect(parseStoredLicense('true')).toBeNull();
    expect(parseStoredLicense('{"key":"K","email":null}')).toEqual({ key: 'K', email: null });
  });

  test('the pages read a stored license exactly as storedLicenseSchema does (they read it without zod)', () => {
    const key = fc.oneof(fc.string({ maxLength: 300 }), fc.constant(''), fc.integer(), fc.constant(null));
    const email = fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined), fc.boolean());
    const value = fc.oneof(
      fc.record({ key, email }, { requiredKeys: [] }),
      fc.record({ key, email, extra: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(value, (candidate) => {
        const parsed = storedLicenseSchema.safeParse(candidate);
        expect(readStoredLicense(candidate)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
    expect(readStoredLicense({ key: 'k'.repeat(256), email: null })).not.toBeNull();
    expect(readStoredLicense({ key: 'k'.repeat(257), email: null })).toBeNull();
  });

  test('a valid key is stored with the email', () => {
    expect(storedLicenseAfter(null, 'NEW', valid)).toEqual({ key: 'NEW', email: 'new@example.com' });
    const same = { key: 'NEW', email: 'new@example.com' };
    expect(storedLicenseAfter(same, 'NEW', valid)).toBe(same);
  });

  test('a failed check clears the stored key only if it is the key that was checked', () => {
    expect(storedLicenseAfter(stored, 'OLD', invalid)).toBeNull();
    expect(storedLicenseAfter(stored, 'OTHER', invalid)).toBe(stored);
  });

  test('ENDPOINT_DOWN, or an answer that is not the API’s, keeps the stored key and pro', () => {
    expect(storedLicenseAfter(stored, 'OLD', down)).toBe(stored);
    const garbage = readProLicenseAnswer('<html>502 Bad Gateway</html>');
    expect(garbage).toEqual({ ok: false, failure: { status: 'ENDPOINT_DOWN', message: SOMETHING_WENT_WRONG } });
    expect(storedLicenseAfter(stored, 'OLD', garbage)).toBe(stored);
  });

  test('a rate limit keeps the key and is re-checked when its Retry-After says', () => {
    const failure = (status: 'ENDPOINT_DOWN' | 'INVALID', retryAfterMs?: number): ProLicenseAnswer => ({
      ok: false,
      failure: { status, message: 'x' },
      retryAfterMs,
    });
    const limited = failure('ENDPOINT_DOWN', 2_000);
    expect(storedLicenseAfter(stored, 'OLD', limited)).toBe(stored);
    expect(recheckDelayMs(limited)).toBe(2_000);
    expect(recheckDelayMs(failure('ENDPOINT_DOWN', 10 * PRO_RECHECK_INTERVAL_MS))).toBe(PRO_RECHECK_INTERVAL_MS);
    expect(recheckDelayMs(down)).toBeNull();
    expect(recheckDelayMs(failure('INVALID', 2_000))).toBeNull();
    expect(recheckDelayMs(valid)).toBeNull();
  });

  test('Retry-After is read in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(readRetryAfterMs('3', now)).toBe(3_000);
    expect(readRetryAfterMs(' 0 ', now)).toBe(0);
    expect(readRetryAfterMs('Thu, 26 Nov 2026 12:00:05 GMT', now)).toBe(5_000);
    expect(readRetryAfterMs('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect([readRetryAfterMs(null, now), readRetryAfterMs('', now), readRetryAfterMs('soon', now)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  test('?licenseKey= is checked only when no key is stored', () => {
    expect(urlKeyToCheck(null, '?licenseKey=%20ABC%20')).toBe('ABC');
    expect(urlKeyToCheck(stored, '?licenseKey=ABC')).toBeNull();
    expect(urlKeyToCheck(null, '?licenseKey=')).toBeNull();
    expect(urlKeyToCheck(null, '')).toBeNull();
  });
});
