import { describe, expect, it } from 'vitest';
import { isRecord, withDefaults } from './plain-objects';

describe('plain objects', () => {
  it('isRecord: objects whose fields can be read, not null or arrays', () => {
    expect([{}, { a: 1 }, null, [], 'x', 3, undefined].map(isRecord)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('withDefaults: a save missing a nested field gets its default; values and arrays in the save win', () => {
    const defaults = { padding: 40, cursor: { size: 'medium', visible: true }, colors: ['#000', '#fff'] };
    expect(withDefaults(defaults, { cursor: { size: 'large' }, colors: ['#f00'] })).toEqual({
      padding: 40,
      cursor: { size: 'large', visible: true },
      colors: ['#f00'],
    });
    expect(withDefaults(defaults, undefined)).toBe(defaults);
    expect(withDefaults(defaults, 'not an object')).toBe('not an object');
  });
});
