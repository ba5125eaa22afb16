import { chromeWebStoreUrl } from '../../../shared/config/product';
import { TRUSTED_EXTENSION_IDS } from '../components/handoff/trusted-extensions';

/**
 * The extension's Chrome Web Store listing (Brave installs from it too): the first trusted extension id, which
 * in production is the store id (TRUSTED_EXTENSION_IDS).
 */
export const STORE_LISTING_URL = chromeWebStoreUrl(TRUSTED_EXTENSION_IDS[0] ?? '');
