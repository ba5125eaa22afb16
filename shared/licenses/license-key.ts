/** The two license providers: the first (Lemon Squeezy) and the second (Polar). */
export const ALL_LICENSE_PROVIDERS = ['lemonsqueezy', 'polar'] as const;
export type LicenseProvider = (typeof ALL_LICENSE_PROVIDERS)[number];

/** Keys starting with this belong to the second provider (Polar); configurable with POLAR_KEY_PREFIX (README.md, Configuration). */
export const DEFAULT_POLAR_KEY_PREFIX = 'CRSRFL_PLR';

/** Longest key accepted: provider keys are far shorter, so anything longer is refused before any provider call. */
export const MAX_LICENSE_KEY_LENGTH = 256;

/** A key as typed or pasted: surrounding spaces and line breaks removed. */
export function normalizeLicenseKey(input: string): string {
  return input.trim();
}

/** Which provider checks a key: the prefix decides, everything else goes to the first provider. */
export function providerForKey(key: string, polarPrefix: string = DEFAULT_POLAR_KEY_PREFIX): LicenseProvider {
  return key.startsWith(polarPrefix) ? 'polar' : 'lemonsqueezy';
}

/** Characters of a key left readable when it is shown masked: enough to tell two keys apart, too few to use one. */
const SHOWN_KEY_CHARACTERS = 4;

/** A key as /licenses shows it once active: its last characters only (a short key not even those). */
export function maskLicenseKey(key: string): string {
  const shown = key.length > 2 * SHOWN_KEY_CHARACTERS ? key.slice(-SHOWN_KEY_CHARACTERS) : '';
  return `••••••••${shown}`;
}
