/**
 * The /editor URL of a hand-off (see site-messages.ts). Free of zod: the editor reads the hash before anything else
 * loads, and only loads the hand-off code (and zod) when the hash names a hand-off.
 */

/**
 * The /editor URL that receives recording `recordingId` from the extension `extensionId` of version
 * `extensionVersion` (the site tells an extension older than it accepts to update: shared/config/extension-version.ts).
 */
export function handoffUrl(
  siteUrl: string,
  extensionId: string,
  recordingId: string,
  extensionVersion: string,
): string {
  const params = new URLSearchParams({ handoff: recordingId, extension: extensionId, version: extensionVersion });
  return `${siteUrl}/editor#${params.toString()}`;
}

/**
 * Reads the hand-off parameters from an /editor URL hash; null when it carries none. `extensionVersion` is null when
 * the extension sent none (one older than versions being sent).
 */
export function parseHandoffHash(
  hash: string,
): { recordingId: string; extensionId: string; extensionVersion: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const recordingId = params.get('handoff');
  const extensionId = params.get('extension');
  if (!recordingId || !extensionId || !/^[a-p]{32}$/.test(extensionId)) return null;
  return { recordingId, extensionId, extensionVersion: params.get('version') };
}
