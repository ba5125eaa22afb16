import { describe, expect, test } from 'vitest';
import { clientAddressOf, readTrustedProxies } from './client-address';

describe('the client address the per-address limit counts', () => {
  test('with no trusted proxy, the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(undefined, '198.51.100.4', 0)).toBe('198.51.100.4');
    expect(clientAddressOf('203.0.113.9', '198.51.100.4', 0)).toBe('198.51.100.4');
    expect(clientAddressOf(['203.0.113.9', '203.0.113.10'], '198.51.100.4', 0)).toBe('198.51.100.4');
  });

  test('behind one proxy, the address that proxy appended, not what the client wrote before it', () => {
    // The proxy at 10.0.0.2 was connected from 198.51.100.4 and appended it.
    expect(clientAddressOf('198.51.100.4', '10.0.0.2', 1)).toBe('198.51.100.4');
    expect(clientAddressOf('203.0.113.9, 198.51.100.4', '10.0.0.2', 1)).toBe('198.51.100.4');
    expect(clientAddressOf(['1.1.1.1, 203.0.113.9', ' 198.51.100.4 '], '10.0.0.2', 1)).toBe('198.51.100.4');
  });

  test('behind two proxies, two hops back from the peer', () => {
    expect(clientAddressOf('203.0.113.9, 198.51.100.4, 10.0.0.1', '10.0.0.2', 2)).toBe('198.51.100.4');
  });

  test('fewer hops than trusted proxies: the furthest one there is', () => {
    expect(clientAddressOf(undefined, '198.51.100.4', 1)).toBe('198.51.100.4');
    expect(clientAddressOf('', '198.51.100.4', 2)).toBe('198.51.100.4');
    expect(clientAddressOf(undefined, undefined, 0)).toBeUndefined();
  });
});

describe('TRUSTED_PROXIES', () => {
  test('a whole number of proxies, 0 when unset', () => {
    expect(readTrustedProxies(undefined)).toBe(0);
    expect(readTrustedProxies(' ')).toBe(0);
    expect(readTrustedProxies('2')).toBe(2);
  });

  test('anything else is refused with the value named', () => {
    for (const value of ['-1', '1.5', 'yes']) {
      expect(() => readTrustedProxies(value)).toThrow(
        `TRUSTED_PROXIES must be a whole number of proxies (0 or more), got "${value}"`,
      );
    }
  });
});
