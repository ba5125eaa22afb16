import { z } from 'zod';
import { MAX_LICENSE_KEY_LENGTH, normalizeLicenseKey } from './license-key';
import type { ProLicenseAnswer } from './pro-license-api';

/**
 * The license a browser keeps (spec/product.md section 4): written only from the server's VALID answer,
 * cleared by its refusal. Pro is off by default, so no stored license means free.
 */
export const storedLicenseSchema = z.object({
  key: z.string().min(1).max(MAX_LICENSE_KEY_LENGTH),
  email: z.string().nullable(),
});
export type StoredLicense = z.infer<typeof storedLicenseSchema>;

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

/** The `?licenseKey=` value to check: only when no key is stored and the parameter holds one. */
export function urlKeyToCheck(stored: StoredLicense | null, search: string): string | null {
  if (stored) return null;
  const value = new URLSearchParams(search).get('licenseKey');
  const key = value === null ? '' : normalizeLicenseKey(value);
  return key === '' ? null : key;
}

/** Reads a stored license (JSON); anything malformed counts as none. */
export function parseStoredLicense(text: string | undefined | null): StoredLicense | null {
  if (!text) return null;
  try {
    const parsed = storedLicenseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
