import { persistentAtom } from '@nanostores/persistent';
import { EXTENSION_ID_ATTRIBUTE } from '../../../shared/messages/extension-attribute';
import type { ExternalRequest } from '../../../shared/messages/site-messages';
import type { BrowserProfile } from '../../../shared/profile/browser-profile';
import { createBrowserProfile } from '../../../shared/profile/profile-names';
import { TRUSTED_EXTENSION_IDS } from '../components/handoff/trusted-extensions';

// The schemas (and zod) load only when there is something to validate: an answer from the extension, or a profile
// stored by an earlier visit. A first visit to /licenses without the extension runs no zod at all.
const loadSchemas = () => import('./browser-profile-schemas');

/** The browser profile the site uses, and whether the extension gave it. */
export interface SiteBrowserProfile {
  readonly profile: BrowserProfile;
  /** The installed extension's id, or null when it did not answer (not installed, or another origin). */
  readonly extensionId: string | null;
}

/** This browser's own profile, for when the extension is not installed (its JSON, validated when read). */
const $localProfile = persistentAtom<string | null>('clickreel:browserProfile', null, {
  encode: (text) => text ?? 'null',
  decode: (text) => text,
});

async function localProfile(): Promise<BrowserProfile> {
  const stored = $localProfile.get();
  if (stored !== null) {
    const { browserProfileSchema } = await loadSchemas();
    try {
      const parsed = browserProfileSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: a new profile replaces it.
    }
  }
  const profile = createBrowserProfile(crypto.randomUUID(), navigator.userAgent);
  $localProfile.set(JSON.stringify(profile));
  return profile;
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

let resolved: Promise<SiteBrowserProfile> | null = null;

/** The extension's browser profile (so the site and the extension count as one), else this browser's own. */
export function siteBrowserProfile(): Promise<SiteBrowserProfile> {
  resolved ??= (async () => {
    const reply = await askExtension({ type: 'clickreel:get-browser-profile' });
    if (reply !== null) {
      const { browserProfileResponseSchema } = await loadSchemas();
      const answer = browserProfileResponseSchema.safeParse(reply);
      if (answer.success) return { profile: answer.data.browserProfile, extensionId: installedExtensionId() };
    }
    return { profile: await localProfile(), extensionId: null };
  })();
  return resolved;
}
