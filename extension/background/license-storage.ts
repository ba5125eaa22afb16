import { browser } from 'wxt/browser';
import { type StoredLicense, storedLicenseSchema } from '../../shared/licenses/pro-state';

const LICENSE_KEY = 'license';

/** The license this browser uses (key and email), as the site or the controls last stored it; null: none. */
export async function loadStoredLicense(): Promise<StoredLicense | null> {
  const parsed = storedLicenseSchema.safeParse((await browser.storage.local.get(LICENSE_KEY))[LICENSE_KEY]);
  return parsed.success ? parsed.data : null;
}

/** Stores (or, with null, forgets) the license. */
export async function saveStoredLicense(license: StoredLicense | null): Promise<void> {
  if (license) await browser.storage.local.set({ [LICENSE_KEY]: license });
  else await browser.storage.local.remove(LICENSE_KEY);
}
