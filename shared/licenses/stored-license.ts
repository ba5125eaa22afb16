import { MAX_LICENSE_KEY_LENGTH, normalizeLicenseKey } from './license-key';
import type { ProLicenseAnswer } from './pro-license-api';

// The stored license's logic, free of zod: every page that shows pro state (/licenses, the editor) reads the stored
// license first thing, and loading zod for that alone was most of /licenses' script time. The schema the extension
// and the site's messages validate with is storedLicenseSchema (pro-state.ts); a test keeps the two in agreement.

/**
 * The license a browser keeps: written only from the server's VALID answer,
 * cleared by its refusal. Pro is off by default, so no stored license means free.
 */
export interface StoredLicense {
  key: string;
  email: string | null;
}

/** How often an open page or the extension asks the server again whether its stored key still unlocks pro. */
export const PRO_RECHECK_INTERVAL_MS = 30 * 60 * 1000;

/**
 * What the stored license becomes after the server answered about `checkedKey`:
 * - VALID: the key is stored with the customer's email;
 * - ENDPOINT_DOWN (or no usable answer): nothing changes, so pro survives a provider outage;
 * - any other failure: the stored key is cleared, but only if it is still the key that was checked
 *   (another tab may have stored a new one meanwhile).
 */
export function storedLicenseAfter(
  stored: StoredLicense | null,
  checkedKey: string,
  answer: ProLicenseAnswer,
): StoredLicense | null {
  if (answer.ok) {
    const email = answer.response.license.email;
    // The same value again keeps its identity, so nothing is rewritten (no storage event for other tabs).
    return stored?.key === checkedKey && stored.email === email ? stored : { key: checkedKey, email };
  }
  if (answer.failure.status === 'ENDPOINT_DOWN') return stored;
  return stored?.key === checkedKey ? null : stored;
}

/**
 * When to ask the server again about a kept key after `answer`: the time its refusal named (a rate limit's
 * Retry-After, at most the regular re-check's period); null when nothing calls for an early re-check.
 */
export function recheckDelayMs(answer: ProLicenseAnswer): number | null {
  if (answer.ok || answer.failure.status !== 'ENDPOINT_DOWN' || answer.retryAfterMs === undefined) return null;
  return Math.min(answer.retryAfterMs, PRO_RECHECK_INTERVAL_MS);
}

/** The `?licenseKey=` value to check: only when no key is stored and the parameter holds one. */
export function urlKeyToCheck(stored: StoredLicense | null, search: string): string | null {
  if (stored) return null;
  const value = new URLSearchParams(search).get('licenseKey');
  const key = value === null ? '' : normalizeLicenseKey(value);
  return key === '' ? null : key;
}

/** A stored license as storedLicenseSchema reads it (unknown fields dropped); null when it is not one. */
export function readStoredLicense(value: unknown): StoredLicense | null {
  if (typeof value !== 'object' || value === null) return null;
  const { key, email } = value as Record<string, unknown>;
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_LICENSE_KEY_LENGTH) return null;
  if (email !== null && typeof email !== 'string') return null;
  return { key, email };
}

/** Reads a stored license (JSON); anything malformed counts as none. */
export function parseStoredLicense(text: string | undefined | null): StoredLicense | null {
  if (!text) return null;
  try {
    return readStoredLicense(JSON.parse(text));
  } catch {
    return null;
  }
}
