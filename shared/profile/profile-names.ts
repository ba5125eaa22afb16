import type { BrowserProfile } from './browser-profile';

// Free of zod (browser-profile.ts has the schema): a first visit to /licenses makes a profile without loading it.

/** A new profile with a random id; the name says which browser it is until the user renames it. */
export function createBrowserProfile(randomId: string, userAgent: string): BrowserProfile {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Brave/.test(userAgent) ? 'Brave' : 'Chrome';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /CrOS/.test(userAgent)
        ? 'ChromeOS'
        : /Linux/.test(userAgent)
          ? 'Linux'
          : 'desktop';
  return { id: randomId, name: `${browser} on ${os}` };
}

/** Trims a name typed by the user; null when nothing is left. */
export function normalizeProfileName(input: string): string | null {
  const name = input.replace(/\s+/g, ' ').trim().slice(0, 80);
  return name.length > 0 ? name : null;
}
