import { expect, test } from 'vitest';
import { timeLeftLabel } from './progress';

test('time left follows the pace so far', () => {
  expect(timeLeftLabel(100, 300, 2000)).toBe('4 s');
  expect(timeLeftLabel(30, 3000, 2000)).toBe('3 min 18 s');
  expect(timeLeftLabel(300, 300, 6000)).toBe('0 s');
});

test('no estimate before the export has really started', () => {
  expect(timeLeftLabel(1, 300, 1000)).toBeNull();
  expect(timeLeftLabel(10, 300, 100)).toBeNull();
});
