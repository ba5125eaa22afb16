import { expect, test } from 'vitest';
import { formatBytes, formatDuration } from './format';

test('sizes and durations read the way people say them', () => {
  expect(formatBytes(512)).toBe('512 B');
  expect(formatBytes(1_500_000)).toBe('1.5 MB');
  expect(formatBytes(820_000)).toBe('820 KB');
  expect(formatBytes(2_100_000_000)).toBe('2.1 GB');
  expect(formatDuration(7_400)).toBe('0:07');
  expect(formatDuration(724_000)).toBe('12:04');
  expect(formatDuration(3_723_000)).toBe('1:02:03');
});
