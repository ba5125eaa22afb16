import { z } from 'zod';

/** The browser profile the extension runs in: a stable random id and a name the user can edit. */
export const browserProfileSchema = z.object({
  id: z.string().min(8),
  name: z.string().min(1).max(80),
});
export type BrowserProfile = z.infer<typeof browserProfileSchema>;

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
