declare const __CLICKREEL_TRUSTED_EXTENSION_IDS__: readonly string[];

/**
 * The extension ids this site takes recordings from, fixed when the site is built (TRUSTED_EXTENSION_IDS,
 * by default the id the development key pins). Any other extension, installed or not, is refused.
 */
export const TRUSTED_EXTENSION_IDS: readonly string[] = __CLICKREEL_TRUSTED_EXTENSION_IDS__;
