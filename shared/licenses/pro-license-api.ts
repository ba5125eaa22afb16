import { z } from 'zod';
import { browserProfileSchema } from '../profile/browser-profile';
import { MAX_LICENSE_KEY_LENGTH } from './license-key';
import { licenseStatusSchema, SOMETHING_WENT_WRONG } from './license-status';

/** The site's license endpoints, relative to the site's origin. */
export const PRO_LICENSE_PATHS = {
  activate: '/api/licenses/pro/activate',
  validate: '/api/licenses/pro/validate',
  release: '/api/licenses/pro/release',
} as const;
export type ProLicenseAction = keyof typeof PRO_LICENSE_PATHS;

/** The key as sent; an absent or empty key is answered INVALID_EMPTY, not refused as malformed. */
const licenseKeyFieldSchema = z.string().max(MAX_LICENSE_KEY_LENGTH).nullish();

/** Body of POST activate and validate: `{ license: { key }, browserProfile: { id, name } }`. */
export const proLicenseRequestSchema = z.strictObject({
  license: z.strictObject({ key: licenseKeyFieldSchema }).nullish(),
  browserProfile: browserProfileSchema.strict(),
});

/** Body of POST release: the key, the asking profile, and the profile to release from the key. */
export const proLicenseReleaseSchema = proLicenseRequestSchema.extend({
  releaseBrowserProfileId: browserProfileSchema.shape.id,
});

/** A browser profile bound to a license. */
export const boundBrowserProfileSchema = browserProfileSchema.extend({
  /** When the profile was bound (ISO datetime). */
  boundAt: z.string(),
});
export type BoundBrowserProfile = z.infer<typeof boundBrowserProfileSchema>;

/** The site's answer for a key that unlocks pro (README.md, Pro licenses: the API's success answer, with the profile limit). */
export const proLicenseResponseSchema = z.object({
  license: z.object({ email: z.string().nullable() }),
  browserProfiles: z.array(boundBrowserProfileSchema),
  /** The asking profile, or null when it is not bound (after releasing itself). */
  browserProfile: browserProfileSchema.nullable(),
  /** How many profiles the license's tier allows. */
  browserProfileLimit: z.number().int().positive(),
  /** A link where the buyer manages the purchase (invoices, refunds, cancelling), or null when none is known. */
  customerPortal: z.string().nullable(),
});
export type ProLicenseResponse = z.infer<typeof proLicenseResponseSchema>;

/** The site's answer for anything else: a status and the message to show. */
export const proLicenseFailureSchema = z.object({
  status: licenseStatusSchema,
  message: z.string(),
});
export type ProLicenseFailure = z.infer<typeof proLicenseFailureSchema>;

/**
 * Either answer, told apart by `status`. A refusal may say when to ask again (`Retry-After`, as `retryAfterMs`):
 * the site's rate limit does, and a client that keeps its key re-checks then.
 */
export type ProLicenseAnswer =
  | { ok: true; response: ProLicenseResponse }
  | { ok: false; failure: ProLicenseFailure; retryAfterMs?: number };

/**
 * Reads a response body of the license endpoints. Anything else (a proxy's error page, no answer at all) says
 * nothing about the key, so it counts as the service being down: the stored key is kept.
 */
export function readProLicenseAnswer(body: unknown): ProLicenseAnswer {
  const success = proLicenseResponseSchema.safeParse(body);
  if (success.success) return { ok: true, response: success.data };
  const failure = proLicenseFailureSchema.safeParse(body);
  if (failure.success) return { ok: false, failure: failure.data };
  return { ok: false, failure: { status: 'ENDPOINT_DOWN', message: SOMETHING_WENT_WRONG } };
}
