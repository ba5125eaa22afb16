import type { UserManifest } from 'wxt';
import { type BuildConfig, originMatchPattern } from '../shared/config/build-config';
import { SUGGESTED_SHORTCUT } from '../shared/config/product';
import { APP_ICON_SIZES, iconPaths } from './background/action-icon';
import { TOGGLE_COMMAND } from './background/first-run';

/**
 * Extension pages run only the extension's own scripts: no eval, no inline or remote script, no plugins,
 * no <base> or form redirection, and no framing by other pages. (Nothing in the extension runs WebAssembly.)
 */
export const EXTENSION_PAGES_CSP =
  "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The extension's manifest beyond what WXT derives from the entrypoints. */
export function extensionManifest(config: BuildConfig): UserManifest {
  const sitePatterns = config.siteOrigins.map(originMatchPattern);
  return {
    name: 'Clickreel',
    description: 'Record a tab with its cursor and turn it into a polished video.',
    // tabCapture + offscreen: the recording; activeTab + scripting: pages opened before install;
    // contextMenus: pause, discard and settings on the toolbar button's right-click menu.
    permissions: ['storage', 'tabCapture', 'offscreen', 'activeTab', 'scripting', 'contextMenus', 'unlimitedStorage'],
    icons: iconPaths('clickreel', APP_ICON_SIZES),
    action: { default_title: 'Clickreel: click to record this tab', default_icon: iconPaths('clickreel', [16, 32]) },
    commands: {
      [TOGGLE_COMMAND]: {
        suggested_key: { default: SUGGESTED_SHORTCUT, mac: SUGGESTED_SHORTCUT },
        description: 'Start or stop recording the current tab',
      },
    },
    externally_connectable: { matches: sitePatterns },
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    // Pins the id the site trusts (development and test builds); the store assigns its own id.
    ...(config.extensionKey ? { key: config.extensionKey } : {}),
  };
}
