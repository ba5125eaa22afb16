import { expect, test } from 'vitest';
import { ValidationCache } from './validation-cache';

test('concurrent checks of one key share one load, and the answer is reused until it expires', async () => {
  let now = 0;
  let loads = 0;
  const cache = new ValidationCache<string>(
    () => 1000,
    100,
    () => now,
  );
  let release: (value: string) => void = () => undefined;
  const load = () => {
    loads++;
    return new Promise<string>((resolve) => {
      release = resolve;
    });
  };
  const answers = Promise.all(Array.from({ length: 50 }, () => cache.get('KEY', load)));
  release('VALID');
  expect(await answers).toEqual(Array(50).fill('VALID'));
  expect(loads).toBe(1);
  now = 999;
  await cache.get('KEY', async () => 'again');
  expect(loads).toBe(1);
  now = 1000;
  expect(await cache.get('KEY', async () => 'fresh')).toBe('fresh');
});

test('a failed load is not cached, a zero lifetime not kept, and the oldest answers go first', async () => {
  const cache = new ValidationCache<string>((v) => (v === 'down' ? 0 : 1000), 2);
  await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await cache.get('a', async () => 'ok')).toBe('ok');
  await cache.get('b', async () => 'down');
  expect(await cache.get('b', async () => 'up')).toBe('up');
  await cache.get('c', async () => 'c1');
  // a was the oldest of a, b, c with room for 2.
  expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
});

test('an expired answer stands in (for a bounded time) when the new call could not be made', async () => {
  let now = 0;
  const cache = new ValidationCache<string>(
    () => 1000,
    100,
    () => now,
    {
      reuse: (fresh) => fresh === 'throttled',
      maxStaleMs: 5000,
      retryMs: 500,
    },
  );
  await cache.get('k', async () => 'VALID');
  now = 1500;
  expect(await cache.get('k', async () => 'throttled')).toBe('VALID');
  now = 1900;
  // Within retryMs the stand-in is served from memory.
  expect(await cache.get('k', async () => 'not called')).toBe('VALID');
  now = 6500;
  // Past maxStaleMs the stand-in ends.
  expect(await cache.get('k', async () => 'throttled')).toBe('throttled');
  now = 7600;
  expect(await cache.get('k', async () => 'INVALID')).toBe('INVALID');
});
