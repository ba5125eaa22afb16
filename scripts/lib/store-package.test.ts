import { describe, expect, test } from 'vitest';
import { DEVELOPMENT_EXTENSION_KEY } from '../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../shared/config/extension-id';
import { storeBuildEnvironment, storePackageProblems } from './store-package';

describe('storePackageProblems', () => {
  test('a public https site and a store id: none', () => {
    expect(
      storePackageProblems({
        SITE_URL: 'https://clickreel.example',
        SITE_ORIGINS: 'https://www.clickreel.example',
        TRUSTED_EXTENSION_IDS: 'ponmlkjihgfedcbaponmlkjihgfedcba',
      }),
    ).toEqual([]);
    // The first upload has no store id yet: the extension does not need one.
    expect(storePackageProblems({ SITE_URL: 'https://clickreel.example' })).toEqual([]);
  });

  test.each([
    [{}, 'SITE_URL is not set'],
    [{ SITE_URL: 'http://localhost:4321' }, 'SITE_URL is a development address'],
    [{ SITE_URL: 'https://127.0.0.1' }, 'SITE_URL is a development address'],
    [{ SITE_URL: 'http://clickreel.example' }, 'SITE_URL is not https'],
    [{ SITE_URL: 'https://clickreel.example', SITE_ORIGINS: 'http://localhost:3000' }, 'SITE_ORIGINS is a development'],
    [
      { SITE_URL: 'https://clickreel.example', TRUSTED_EXTENSION_IDS: extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY) },
      "TRUSTED_EXTENSION_IDS names the development extension's id",
    ],
  ])('%j: %s', (env, expected) => {
    const problems = storePackageProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

test('the store build has no pinned key and no test hooks, whatever the environment says', () => {
  const env = storeBuildEnvironment({ EXTENSION_KEY: 'abc', CLICKREEL_TEST_HOOKS: '1', SITE_URL: 'https://x.example' });
  expect(env).toMatchObject({ EXTENSION_KEY: 'none', NODE_ENV: 'production', SITE_URL: 'https://x.example' });
  expect(env).not.toHaveProperty('CLICKREEL_TEST_HOOKS');
});
