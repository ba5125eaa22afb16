import { DEVELOPMENT_EXTENSION_KEY } from '../../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../../shared/config/extension-id';
import { chromeWebStoreUrl } from '../../../shared/config/product';
import { ConfigurationError } from '../../../shared/errors/domain-errors';
import { TRUSTED_EXTENSION_IDS } from './trusted-extensions';

/**
 * Where the install buttons lead, fixed at build time: STORE_URL when set (an https address), else the Chrome Web
 * Store listing of the first trusted extension id, which in production is the store id (TRUSTED_EXTENSION_IDS).
 * Brave installs from the same store.
 */
export const STORE_LISTING_URL = storeUrl(process.env.STORE_URL);

/**
 * A development build: the site trusts the development key's extension and no store address is set. No store lists
 * that extension, so the home page says how to load the unpacked one instead.
 */
export const DEVELOPMENT_BUILD =
  !process.env.STORE_URL?.trim() && TRUSTED_EXTENSION_IDS[0] === extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);

function storeUrl(configured: string | undefined): string {
  const value = configured?.trim();
  if (!value) return chromeWebStoreUrl(TRUSTED_EXTENSION_IDS[0] ?? '');
  if (!URL.canParse(value) || new URL(value).protocol !== 'https:') {
    throw new ConfigurationError('invalid-variable', `STORE_URL is not an https address: ${value}`, {
      variable: 'STORE_URL',
    });
  }
  return value;
}
