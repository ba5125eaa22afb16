import { z } from 'zod';

/** Every outcome of a license check (the statuses README.md's Pro licenses lists). */
export const ALL_LICENSE_STATUSES = ['VALID', 'INVALID', 'INVALID_EMPTY', 'EXPIRED', 'ENDPOINT_DOWN'] as const;
export type LicenseStatus = (typeof ALL_LICENSE_STATUSES)[number];
export const licenseStatusSchema = z.enum(ALL_LICENSE_STATUSES);

/** What the user reads for each status; a valid license has no message. */
export const LICENSE_MESSAGES: Readonly<Record<LicenseStatus, string | null>> = {
  VALID: null,
  INVALID: 'License invalid',
  INVALID_EMPTY: 'No license key provided',
  EXPIRED: 'License expired',
  ENDPOINT_DOWN: 'License validation service is down. Please try again later.',
};

/** The message for anything the catalogue does not name. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please reach out to support.';

/** The message shown for a status. */
export function licenseMessage(status: LicenseStatus): string | null {
  return LICENSE_MESSAGES[status];
}

/**
 * The HTTP status the site answers with for a license status: 200 valid, 400 no key, 403 a key that does not
 * unlock pro, 503 when the provider cannot be reached (the client keeps its stored key).
 */
export const LICENSE_HTTP_STATUS: Readonly<Record<LicenseStatus, number>> = {
  VALID: 200,
  INVALID: 403,
  INVALID_EMPTY: 400,
  EXPIRED: 403,
  ENDPOINT_DOWN: 503,
};
