import { describe, expect, test } from 'vitest';
import { guardRoute } from './route-guards';

describe('guardRoute', () => {
  test('a checkout return with the key on any page goes to /licenses, query kept', () => {
    expect(guardRoute('/', '?licenseKey=K1')).toBe('/licenses?licenseKey=K1');
    expect(guardRoute('/welcome/', '?licenseKey=K1&next=%2Feditor')).toBe('/licenses?licenseKey=K1&next=%2Feditor');
  });

  test('/licenses itself, other queries, assets, the API and unknown paths are served as asked', () => {
    expect(guardRoute('/licenses', '?licenseKey=K1')).toBeNull();
    expect(guardRoute('/editor', '?recording=a')).toBeNull();
    expect(guardRoute('/api/stats', '?licenseKey=K1')).toBeNull();
    expect(guardRoute('/_astro/x.js', '?licenseKey=K1')).toBeNull();
    expect(guardRoute('/nope', '?licenseKey=K1')).toBeNull();
  });
});
