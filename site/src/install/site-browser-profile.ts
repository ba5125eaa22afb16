import { EXTENSION_ID_ATTRIBUTE } from '../../../shared/messages/extension-attribute';
import type { ExternalRequest } from '../../../shared/messages/site-messages';
import type { BrowserProfile } from '../../../shared/profile/browser-profile';
import { createBrowserProfile } from '../../../shared/profile/profile-names';
import { TRUSTED_EXTENSION_IDS } from './trusted-extensions';

// The schemas (and zod) load only when there is something to validate: an answer from the extension, or a profile
// stored by an earlier visit. A first visit to /licenses without the extension runs no zod at all.
const loadSchemas = () => import('./browser-profile-schemas');

/** The browser profile the site uses, and whether the extension gave it. */
export interface SiteBrowserProfile {
  readonly profile: BrowserProfile;
  /** The installed extension's id, or null when it did not answer (not installed, or another origin). */
  readonly extensionId: string | null;
}

/**
 * Where this browser's own profile is kept when the extension is not installed (its JSON, validated when read).
 * Read from localStorage at every use, not through a store: a tab's copy of a stored value can lag behind what
 * another tab stored since, and this must be the value stored last by any tab.
 */
const LOCAL_PROFILE_KEY = 'clickreel:browserProfile';

/** The profile's JSON where localStorage is unavailable (storage blocked): kept for this page only. */
let unstoredProfile: string | null = null;

function readProfileText(): string | null {
  try {
    return localStorage.getItem(LOCAL_PROFILE_KEY);
  } catch {
    return unstoredProfile;
  }
}

function writeProfileText(text: string): void {
  try {
    localStorage.setItem(LOCAL_PROFILE_KEY, text);
  } catch {
    unstoredProfile = text;
  }
}

/** The profile stored by this or another tab, or null when none is stored (or it is not a profile). */
async function storedLocalProfile(): Promise<BrowserProfile | null> {
  const stored = readProfileText();
  if (stored === null) return null;
  const { browserProfileSchema } = await loadSchemas();
  try {
    const parsed = browserProfileSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not JSON: a new profile replaces it
  }
}

/**
 * This browser's own profile: the stored one, read at every use rather than kept by the tab. Two tabs opened at
 * once may each make one; the one stored last is then the browser's, and a tab that kept its own would check a
 * key another tab activated with a profile the server never saw, and clear it as refused.
 */
async function localProfile(): Promise<BrowserProfile> {
  const stored = await storedLocalProfile();
  if (stored) return stored;
  const create = async () => {
    const again = await storedLocalProfile();
    if (again) return again;
    const profile = createBrowserProfile(crypto.randomUUID(), navigator.userAgent);
    writeProfileText(JSON.stringify(profile));
    return profile;
  };
  // Tabs make it one at a time where the browser offers locks, so the second one usually finds the first one's.
  return typeof navigator.locks?.request === 'function' ? navigator.locks.request(LOCAL_PROFILE_KEY, create) : create();
}

/**
 * The extension id its content script announced on this page, if it runs here and is one this site is built
 * to trust: any other extension can write the attribute too, and must not be asked for the browser profile.
 */
export function installedExtensionId(): string | null {
  const id = document.documentElement.getAttribute(EXTENSION_ID_ATTRIBUTE);
  return id && TRUSTED_EXTENSION_IDS.includes(id) ? id : null;
}

/** Sends a request to the extension; null when there is none or it does not answer in time. */
export async function askExtension(request: ExternalRequest, timeoutMs = 3000): Promise<unknown> {
  const extensionId = installedExtensionId();
  const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
  if (!extensionId || typeof runtime?.sendMessage !== 'function') return null;
  const send = runtime.sendMessage as (id: string, message: unknown) => Promise<unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      send(extensionId, request),
      new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The extension's answer, asked once per page (null when it did not give a profile). */
let extensionProfile: Promise<BrowserProfile | null> | null = null;

/** The extension's browser profile (so the site and the extension count as one), else this browser's own. */
export async function siteBrowserProfile(): Promise<SiteBrowserProfile> {
  extensionProfile ??= (async () => {
    const reply = await askExtension({ type: 'clickreel:get-browser-profile' });
    if (reply === null) return null;
    const { browserProfileResponseSchema } = await loadSchemas();
    const answer = browserProfileResponseSchema.safeParse(reply);
    return answer.success ? answer.data.browserProfile : null;
  })();
  const fromExtension = await extensionProfile;
  if (fromExtension) return { profile: fromExtension, extensionId: installedExtensionId() };
  return { profile: await localProfile(), extensionId: null };
}
