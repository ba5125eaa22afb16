import { describe, expect, test } from 'vitest';
import { createBrowserProfile, normalizeProfileName } from '../profile/profile-names';
import { externalRequestSchema, handoffUrl, parseHandoffHash } from './site-messages';

const extensionId = 'gbiknoaiblnindlnmilkccdpabheeiia';

describe('site ↔ extension messages', () => {
  test('the editor URL carries the recording and the extension, and reads back', () => {
    const url = new URL(handoffUrl('http://localhost:4321', extensionId, 'rec_1 2', '1.2.3'));
    expect(url.pathname).toBe('/editor');
    expect(parseHandoffHash(url.hash)).toEqual({ recordingId: 'rec_1 2', extensionId, extensionVersion: '1.2.3' });
    // An extension from before versions were sent.
    expect(parseHandoffHash(`#handoff=r&extension=${extensionId}`)?.extensionVersion).toBeNull();
  });

  test('a hash without a well-formed extension id is no hand-off', () => {
    expect(parseHandoffHash('')).toBeNull();
    expect(parseHandoffHash('#handoff=x')).toBeNull();
    expect(parseHandoffHash('#handoff=x&extension=javascript:alert(1)')).toBeNull();
  });

  test('only the known request is accepted', () => {
    expect(externalRequestSchema.safeParse({ type: 'clickreel:get-browser-profile' }).success).toBe(true);
    expect(externalRequestSchema.safeParse({ type: 'clickreel:delete-everything' }).success).toBe(false);
  });
});

describe('the browser profile', () => {
  test('a new profile keeps the random id and names the browser', () => {
    const profile = createBrowserProfile(
      '0f8e1c1e-1111-4444-8888-123456789abc',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/130',
    );
    expect(profile).toEqual({ id: '0f8e1c1e-1111-4444-8888-123456789abc', name: 'Chrome on macOS' });
  });

  test('names are trimmed, collapsed and never empty', () => {
    expect(normalizeProfileName('  Work   laptop ')).toBe('Work laptop');
    expect(normalizeProfileName('   ')).toBeNull();
    expect(normalizeProfileName('x'.repeat(200))?.length).toBe(80);
  });
});
