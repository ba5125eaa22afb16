import { describe, expect, test } from 'vitest';
import { tabCrashed } from './recorded-tab';

describe('telling a crashed tab', () => {
  test('a tab unloaded without being discarded has crashed; a loading, complete or discarded one has not', () => {
    expect(tabCrashed({ status: 'unloaded', discarded: false })).toBe(true);
    expect(tabCrashed({ status: 'unloaded', discarded: true })).toBe(false);
    expect(tabCrashed({ status: 'loading', discarded: false })).toBe(false);
    expect(tabCrashed({ status: 'complete', discarded: false })).toBe(false);
    expect(tabCrashed(null)).toBe(false);
  });
});
