import { EXTENSION_VERSION_PARAM } from '../config/extension-version';
import {
  PRO_LICENSE_PATHS,
  type ProLicenseAction,
  type ProLicenseAnswer,
  readProLicenseAnswer,
} from './pro-license-api';
import { readRetryAfterMs } from './retry-after';

/**
 * Calls one of the site's license endpoints. No answer at all (offline, server restarting) says nothing about
 * the key, so it reads as ENDPOINT_DOWN and the stored key is kept. The extension names its version
 * (`extensionVersion`), so a site that no longer works with it can ask to update it.
 */
export async function callProLicense(
  action: ProLicenseAction,
  body: object,
  baseUrl = '',
  extensionVersion?: string,
): Promise<ProLicenseAnswer> {
  const query = extensionVersion ? `?${new URLSearchParams({ [EXTENSION_VERSION_PARAM]: extensionVersion })}` : '';
  try {
    const response = await fetch(`${baseUrl}${PRO_LICENSE_PATHS[action]}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = readProLicenseAnswer(await response.json().catch(() => null));
    const retryAfterMs = readRetryAfterMs(response.headers.get('retry-after'), Date.now());
    return !answer.ok && retryAfterMs !== null ? { ...answer, retryAfterMs } : answer;
  } catch {
    return readProLicenseAnswer(null);
  }
}
