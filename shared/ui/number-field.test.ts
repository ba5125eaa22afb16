import { describe, expect, test } from 'vitest';
import { keptNumber, parseTypedNumber } from './NumberField';

describe('what a number field keeps of what was typed', () => {
  test('reads a number, a decimal comma as a point, and nothing else', () => {
    expect(parseTypedNumber('1.25')).toBe(1.25);
    expect(parseTypedNumber(' 1,5 ')).toBe(1.5);
    expect(parseTypedNumber('-0.3')).toBe(-0.3);
    expect(parseTypedNumber('')).toBeNull();
    expect(parseTypedNumber('  ')).toBeNull();
    expect(parseTypedNumber('abc')).toBeNull();
    expect(parseTypedNumber('1.2.3')).toBeNull();
  });

  test('rounds to the decimals shown and clamps to the limits', () => {
    expect(keptNumber(1.2345, { decimals: 2 })).toBe(1.23);
    expect(keptNumber(0.1 + 0.2, { decimals: 2 })).toBe(0.3);
    expect(keptNumber(-1, { min: 0, max: 3, decimals: 2 })).toBe(0);
    expect(keptNumber(7.5, { min: 0, max: 3, decimals: 2 })).toBe(3);
    expect(keptNumber(42, { decimals: 0 })).toBe(42);
  });
});
