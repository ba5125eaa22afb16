import { describe, expect, test } from 'vitest';
import {
  compareReleaseVersions,
  extensionUpdateMessage,
  isSupportedExtensionVersion,
  OLDEST_SUPPORTED_EXTENSION_VERSION,
  parseReleaseVersion,
} from './extension-version';

describe('extension versions', () => {
  test('release versions compare by number, not text', () => {
    expect(parseReleaseVersion('1.10.0')).toEqual([1, 10, 0]);
    expect(parseReleaseVersion('1.2')).toBeNull();
    expect(parseReleaseVersion('01.2.3')).toBeNull();
    expect(parseReleaseVersion('1.2.3-beta')).toBeNull();
    expect(compareReleaseVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareReleaseVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareReleaseVersions('0.0.9', '0.1.0')).toBeLessThan(0);
    expect(() => compareReleaseVersions('x', '0.1.0')).toThrow('not a release version (major.minor.patch): x');
  });

  test('the oldest supported version and newer ones are accepted; older, missing or malformed ones are not', () => {
    expect(isSupportedExtensionVersion(OLDEST_SUPPORTED_EXTENSION_VERSION)).toBe(true);
    expect(isSupportedExtensionVersion('2.0.0', '1.4.2')).toBe(true);
    expect(isSupportedExtensionVersion('1.4.1', '1.4.2')).toBe(false);
    expect(isSupportedExtensionVersion(null)).toBe(false);
    expect(isSupportedExtensionVersion('')).toBe(false);
    expect(isSupportedExtensionVersion('latest')).toBe(false);
  });

  test('the update message names both versions and what is kept', () => {
    const message = extensionUpdateMessage('1.0.0', 'Your key is kept.', '1.2.0');
    expect(message).toContain('(version 1.0.0) is older than this site works with (1.2.0 or newer)');
    expect(message).toContain('chrome://extensions');
    expect(message.endsWith('Your key is kept.')).toBe(true);
    expect(extensionUpdateMessage(null, '')).toContain('(an older version)');
  });
});
