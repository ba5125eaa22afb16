import {
  PRO_LICENSE_PATHS,
  type ProLicenseAction,
  type ProLicenseAnswer,
  readProLicenseAnswer,
} from './pro-license-api';

/**
 * Calls one of the site's license endpoints. No answer at all (offline, server restarting) says nothing about
 * the key, so it reads as ENDPOINT_DOWN and the stored key is kept.
 */
export async function callProLicense(action: ProLicenseAction, body: object, baseUrl = ''): Promise<ProLicenseAnswer> {
  try {
    const response = await fetch(`${baseUrl}${PRO_LICENSE_PATHS[action]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return readProLicenseAnswer(await response.json().catch(() => null));
  } catch {
    return readProLicenseAnswer(null);
  }
}
