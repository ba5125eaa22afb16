import { z } from 'zod';
import { MAX_LICENSE_KEY_LENGTH } from './license-key';
import type { StoredLicense } from './stored-license';

export {
  PRO_RECHECK_INTERVAL_MS,
  parseStoredLicense,
  recheckDelayMs,
  type StoredLicense,
  storedLicenseAfter,
  urlKeyToCheck,
} from './stored-license';

/**
 * The license a browser keeps, as the extension and the site's messages validate it.
 * The pages read it with readStoredLicense (stored-license.ts, no zod); licenses.test.ts keeps both in agreement.
 */
export const storedLicenseSchema = z.object({
  key: z.string().min(1).max(MAX_LICENSE_KEY_LENGTH),
  email: z.string().nullable(),
}) satisfies z.ZodType<StoredLicense>;
