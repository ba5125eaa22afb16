import { describe, expect, test } from 'vitest';
import { redactionTrackNames } from './redaction';

describe("the editor's names of recorded tracks", () => {
  test('a kind alone keeps its label; several of a kind are numbered in order, each name its own', () => {
    const names = redactionTrackNames([
      { kind: 'password' },
      { kind: 'email' },
      { kind: 'password' },
      { kind: 'marked' },
      { kind: 'password' },
    ]);
    expect(names).toEqual([
      'Password field 1',
      'Email field',
      'Password field 2',
      'Element marked by the page',
      'Password field 3',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });
});
