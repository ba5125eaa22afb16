import { expect, test } from 'vitest';
import { IpRateLimit } from './ip-rate-limit';

test('each address gets its own budget per minute, refilled over time', () => {
  let now = 0;
  const limit = new IpRateLimit(3, () => now);
  expect([limit.take('1.1.1.1'), limit.take('1.1.1.1'), limit.take('1.1.1.1')]).toEqual([0, 0, 0]);
  expect(limit.take('1.1.1.1')).toBe(20);
  expect(limit.take('2.2.2.2')).toBe(0);
  now = 20_000;
  expect(limit.take('1.1.1.1')).toBe(0);
  expect(limit.take('1.1.1.1')).toBeGreaterThan(0);
});

test('memory stays bounded when many addresses call once', () => {
  const limit = new IpRateLimit(10, () => 0, 100);
  for (let i = 0; i < 1000; i++) limit.take(`10.0.${i >> 8}.${i & 255}`);
  expect(limit.take('10.0.0.0')).toBe(0);
});
