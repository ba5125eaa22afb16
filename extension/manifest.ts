import type { UserManifest } from 'wxt';
import { type BuildConfig, originMatchPattern } from '../shared/config/build-config';

/** The extension's manifest beyond what WXT derives from the entrypoints. */
export function extensionManifest(config: BuildConfig): UserManifest {
  return {
    name: 'Clickreel',
    description: 'Record a tab with its cursor and turn it into a polished video.',
    permissions: ['storage'],
    externally_connectable: {
      matches: config.siteOrigins.map(originMatchPattern),
    },
  };
}
