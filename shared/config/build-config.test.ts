import { describe, expect, test } from 'vitest';
import { readBuildConfig } from './build-config';

describe('extension build configuration', () => {
  test('defaults to the local site', () => {
    expect(readBuildConfig({})).toEqual({ siteUrl: 'http://localhost:4321', siteOrigins: ['http://localhost:4321'] });
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
});
