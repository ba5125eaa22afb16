import { type Browser, browser } from 'wxt/browser';

/** The command the shortcut runs (manifest `commands`). */
export const TOGGLE_COMMAND = 'toggle-recording';

/** Where the browser lets the user set an extension's shortcuts (only an extension may open it). */
export const SHORTCUTS_PAGE_URL = 'chrome://extensions/shortcuts';

/** The welcome page the extension opens once, right after it is installed. */
export function welcomeUrl(siteUrl: string): string {
  return `${siteUrl}/welcome`;
}

/**
 * The key the browser really bound to the toggle command ("Alt+Shift+V"), or null when it is unbound: the
 * browser silently skips a suggested key that is taken or that it refuses.
 */
export async function toggleShortcut(): Promise<string | null> {
  const commands = await browser.commands.getAll();
  return commands.find((command) => command.name === TOGGLE_COMMAND)?.shortcut || null;
}

/** Opens the browser's shortcut page in a new tab (pages cannot link to chrome:// themselves). */
export async function openShortcutSettings(): Promise<void> {
  await browser.tabs.create({ url: SHORTCUTS_PAGE_URL });
}

/** On a fresh install only (not an update or a browser update), opens /welcome. */
export async function onInstalled(details: Browser.runtime.InstalledDetails, siteUrl: string): Promise<void> {
  if (details.reason !== 'install') return;
  await browser.tabs.create({ url: welcomeUrl(siteUrl) });
}
