import type { UserManifest } from 'wxt';
import { type BuildConfig, originMatchPattern } from '../shared/config/build-config';

/** The extension's manifest beyond what WXT derives from the entrypoints. */
export function extensionManifest(config: BuildConfig): UserManifest {
  const sitePatterns = config.siteOrigins.map(originMatchPattern);
  return {
    name: 'Clickreel',
    description: 'Record a tab with its cursor and turn it into a polished video.',
    // tabCapture + offscreen: the recording; activeTab + scripting: pages opened before install;
    // contextMenus: pause, discard and settings on the toolbar button's right-click menu.
    permissions: ['storage', 'tabCapture', 'offscreen', 'activeTab', 'scripting', 'contextMenus', 'unlimitedStorage'],
    action: { default_title: 'Clickreel: click to record this tab' },
    commands: {
      'toggle-recording': {
        suggested_key: { default: 'Alt+Shift+R', mac: 'Alt+Shift+R' },
        description: 'Start or stop recording the current tab',
      },
    },
    externally_connectable: { matches: sitePatterns },
    // Pins the id the site trusts (development and test builds); the store assigns its own id.
    ...(config.extensionKey ? { key: config.extensionKey } : {}),
  };
}
