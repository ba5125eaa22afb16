import { expect, test } from 'vitest';
import { readBuildConfig } from '../shared/config/build-config';
import { PERMISSION_JUSTIFICATIONS, STORE_LISTING, STORE_SHORT_DESCRIPTION_MAX } from '../shared/config/store-listing';
import { extensionManifest } from './manifest';

test('every permission in the manifest has its justification, and none is justified that is not asked for', () => {
  const permissions = extensionManifest(readBuildConfig({})).permissions ?? [];
  expect(Object.keys(PERMISSION_JUSTIFICATIONS).sort()).toEqual([...permissions].map(String).sort());
  for (const sentence of Object.values(PERMISSION_JUSTIFICATIONS)) expect(sentence).toMatch(/^[A-Z].*\.$/);
});

test('the short description fits the store’s limit', () => {
  expect(STORE_LISTING.shortDescription.length).toBeLessThanOrEqual(STORE_SHORT_DESCRIPTION_MAX);
});
