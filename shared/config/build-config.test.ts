import { describe, expect, test } from 'vitest';
import { readBuildConfig } from './build-config';
import { DEVELOPMENT_EXTENSION_KEY } from './development-extension-key';
import { extensionIdFromKey } from './extension-id';

const DEVELOPMENT_ID = extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);

describe('extension build configuration', () => {
  test('defaults to the local site', () => {
    expect(readBuildConfig({})).toEqual({
      siteUrl: 'http://localhost:4321',
      siteOrigins: ['http://localhost:4321'],
      extensionKey: DEVELOPMENT_EXTENSION_KEY,
      trustedExtensionIds: [DEVELOPMENT_ID],
    });
  });

  test('adds extra origins after the site origin, without duplicates', () => {
    const config = readBuildConfig({
      SITE_URL: 'https://clickreel.app/',
      SITE_ORIGINS: 'https://www.clickreel.app, https://clickreel.app',
    });
    expect(config.siteUrl).toBe('https://clickreel.app');
    expect(config.siteOrigins).toEqual(['https://clickreel.app', 'https://www.clickreel.app']);
  });

  test('rejects a malformed origin with the value in the message', () => {
    expect(() => readBuildConfig({ SITE_ORIGINS: 'ftp://x' })).toThrow(
      /SITE_ORIGINS has not an http\(s\) origin: ftp:\/\/x/,
    );
  });

  test('pins the development id by default; a store build has no key and trusts the ids it is given', () => {
    expect(DEVELOPMENT_ID).toMatch(/^[a-p]{32}$/);
    const store = readBuildConfig({ EXTENSION_KEY: 'none', TRUSTED_EXTENSION_IDS: 'abcdefghijklmnopabcdefghijklmnop' });
    expect(store.extensionKey).toBeNull();
    expect(store.trustedExtensionIds).toEqual(['abcdefghijklmnopabcdefghijklmnop']);
    expect(readBuildConfig({ EXTENSION_KEY: 'none' }).trustedExtensionIds).toEqual([]);
    expect(() => readBuildConfig({ TRUSTED_EXTENSION_IDS: 'not-an-id' })).toThrow(/malformed extension id: not-an-id/);
    expect(() => readBuildConfig({ EXTENSION_KEY: 'short' })).toThrow(/EXTENSION_KEY/);
  });
});
