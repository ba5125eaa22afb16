import { ConfigurationError } from '../errors/domain-errors';
/**
 * Which extension versions the site works with. The extension names its version (its manifest's, which is
 * package.json's) with every hand-off (`version` in the /editor hash) and every license request (the
 * `extensionVersion` query parameter); the site answers an older one with a request to update, not a failure.
 */

/**
 * The oldest extension version the site accepts. Raise it when the site stops understanding what an older
 * extension sends (the recording format, the hand-off or license messages), and say so in CHANGELOG.md.
 */
export const OLDEST_SUPPORTED_EXTENSION_VERSION = '0.1.0';

/** The query parameter of a license request that carries the extension's version. */
export const EXTENSION_VERSION_PARAM = 'extensionVersion';

/** A release version: three whole numbers, `major.minor.patch` (what package.json and the manifest hold). */
export const RELEASE_VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The three numbers of a release version, or null when `version` is not one. */
export function parseReleaseVersion(version: string): [number, number, number] | null {
  const match = RELEASE_VERSION_PATTERN.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer (both release versions). */
export function compareReleaseVersions(a: string, b: string): number {
  const left = parseReleaseVersion(a);
  const right = parseReleaseVersion(b);
  if (!left || !right)
    throw new ConfigurationError('invalid-version', `not a release version (major.minor.patch): ${left ? b : a}`, {
      version: left ? b : a,
    });
  for (let i = 0; i < 3; i++) if (left[i] !== right[i]) return (left[i] as number) - (right[i] as number);
  return 0;
}

/**
 * Whether the site works with an extension of `version`. No version, or one that is not a release version,
 * comes from an extension older than versions being sent, so it is not supported.
 */
export function isSupportedExtensionVersion(
  version: string | null | undefined,
  oldest: string = OLDEST_SUPPORTED_EXTENSION_VERSION,
): boolean {
  if (!version || !parseReleaseVersion(version)) return false;
  return compareReleaseVersions(version, oldest) >= 0;
}

/** What the user is told when their extension is too old: update it, and what happens to their work meanwhile. */
export function extensionUpdateMessage(
  version: string | null | undefined,
  kept: string,
  oldest: string = OLDEST_SUPPORTED_EXTENSION_VERSION,
): string {
  const which = version && parseReleaseVersion(version) ? `version ${version}` : 'an older version';
  return `Your Clickreel extension (${which}) is older than this site works with (${oldest} or newer). Update it: open chrome://extensions, switch on Developer mode and click Update (or wait for the browser to update it), then try again. ${kept}`;
}
