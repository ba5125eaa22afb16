import { type Browser, browser } from 'wxt/browser';
import { type BrowserProfile, browserProfileSchema } from '../../shared/profile/browser-profile';
import { createBrowserProfile, normalizeProfileName } from '../../shared/profile/profile-names';

const PROFILE_KEY = 'browserProfile';

/** The browser profile, created with a random id on first use and kept in storage.local. */
export async function loadBrowserProfile(): Promise<BrowserProfile> {
  const stored = browserProfileSchema.safeParse((await browser.storage.local.get(PROFILE_KEY))[PROFILE_KEY]);
  if (stored.success) return stored.data;
  const profile = createBrowserProfile(crypto.randomUUID(), navigator.userAgent);
  await browser.storage.local.set({ [PROFILE_KEY]: profile });
  return profile;
}

/** Renames the profile; the id never changes. Returns the profile as stored. */
export async function renameBrowserProfile(input: string): Promise<BrowserProfile> {
  const profile = await loadBrowserProfile();
  const name = normalizeProfileName(input);
  if (!name) return profile;
  const next = { ...profile, name };
  await browser.storage.local.set({ [PROFILE_KEY]: next });
  return next;
}

/** Whether a message sender is a page of a configured site origin (the only ones that get an answer). */
export function isSiteSender(sender: Browser.runtime.MessageSender, siteOrigins: readonly string[]): boolean {
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : null);
  return origin !== null && siteOrigins.includes(origin);
}
