import { describe, expect, test } from 'vitest';
import { sensitiveKindOf } from './sensitive-kind';

describe('which elements must not be seen', () => {
  test.each([
    [{ tagName: 'INPUT', type: 'password', marked: false }, 'password'],
    [{ tagName: 'INPUT', type: 'email', marked: false }, 'email'],
    [{ tagName: 'INPUT', type: 'tel', marked: false }, 'phone'],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'cc-number', marked: false }, 'card'],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'section-pay billing cc-csc', marked: false }, 'card'],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'one-time-code', marked: false }, 'one-time-code'],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'username email', marked: false }, 'email'],
    [{ tagName: 'DIV', marked: true }, 'marked'],
    // A password the page's "Show password" turned into a text field, with or without an autocomplete.
    [{ tagName: 'INPUT', type: 'text', marked: false, wasPassword: true }, 'password'],
    [
      { tagName: 'INPUT', type: 'text', autocomplete: 'current-password', marked: false, wasPassword: true },
      'password',
    ],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'off', marked: false, wasPassword: true }, 'password'],
    // Its kind stays what it was while a password: an email typed into a password field stays an email.
    [{ tagName: 'INPUT', type: 'password', autocomplete: 'email', marked: false }, 'email'],
    [{ tagName: 'INPUT', type: 'text', autocomplete: 'email', marked: false, wasPassword: true }, 'email'],
  ] as const)('%o is a %s', (traits, kind) => {
    expect(sensitiveKindOf(traits)).toBe(kind);
  });

  test.each([
    { tagName: 'INPUT', type: 'text', autocomplete: 'name', marked: false },
    { tagName: 'INPUT', type: 'search', marked: false },
    { tagName: 'INPUT', type: 'hidden', autocomplete: 'cc-number', marked: false },
    { tagName: 'FORM', autocomplete: 'email', marked: false },
  ])('%o is shown', (traits) => {
    expect(sensitiveKindOf(traits)).toBeNull();
  });
});
