import { DEVELOPMENT_EXTENSION_KEY } from '../../../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../../../shared/config/extension-id';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../../../../shared/config/sandbox-credentials';
import { errorMessage } from '../../../../shared/errors/error-message';
import { ALL_LICENSE_TIERS } from '../../../../shared/licenses/license-tiers';
import { DEFAULT_LICENSE_PRODUCTS, DEFAULT_POLAR_ORGANIZATION_ID, readLicenseConfig } from '../license-config';

type Environment = Record<string, string | undefined>;

/** Set by the site's build (astro.config.mjs); absent outside it (unit tests). */
declare const __CLICKREEL_TRUSTED_EXTENSION_IDS__: readonly string[] | undefined;

/** The extension ids this build of the site trusts (TRUSTED_EXTENSION_IDS when it was built). */
export function builtTrustedExtensionIds(): readonly string[] {
  return typeof __CLICKREEL_TRUSTED_EXTENSION_IDS__ === 'undefined' ? [] : __CLICKREEL_TRUSTED_EXTENSION_IDS__;
}

/** True when the server runs as production: `NODE_ENV=production`. */
export function isProduction(env: Environment): boolean {
  return env.NODE_ENV === 'production';
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isHttps(url: string | undefined): boolean {
  try {
    return new URL(url ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What keeps a production server from running for real customers, one sentence per problem naming the variable:
 * a provider secret missing, a token, organization or product id still the provider sandbox's, a provider left at
 * its sandbox default, a SITE_URL that is not https, the development extension trusted. `builtTrustedIds` are the
 * extension ids the site was built to trust (TRUSTED_EXTENSION_IDS is read when building). Empty: ready.
 */
export function productionProblems(env: Environment, builtTrustedIds: readonly string[]): string[] {
  const problems: string[] = [];
  const required = (name: string, what: string) => {
    if (!env[name]?.trim()) problems.push(`${name} is not set: ${what}.`);
    return env[name]?.trim() ?? '';
  };

  const token = required('POLAR_ACCESS_TOKEN', "the Polar organization access token (a secret from Polar's settings)");
  if (token === SANDBOX_ACCESS_TOKEN) problems.push("POLAR_ACCESS_TOKEN is the provider sandbox's token.");
  const secret = required('POLAR_WEBHOOK_SECRET', "the secret of Polar's webhook endpoint for /api/webhooks/polar");
  if (secret === SANDBOX_WEBHOOK_SECRET) problems.push("POLAR_WEBHOOK_SECRET is the provider sandbox's secret.");
  const organization = required('POLAR_ORGANIZATION_ID', 'the Polar organization the license keys belong to');
  if (organization === DEFAULT_POLAR_ORGANIZATION_ID) {
    problems.push("POLAR_ORGANIZATION_ID is the provider sandbox's organization.");
  }
  required('POLAR_API_URL', 'the Polar API (https://api.polar.sh); unset, it is the provider sandbox');
  required(
    'LEMONSQUEEZY_API_URL',
    'the Lemon Squeezy API (https://api.lemonsqueezy.com); unset, it is the provider sandbox',
  );

  // Unset, both portals are derived from the API URLs, which is right only for the sandbox.
  required('LEMONSQUEEZY_PORTAL_URL', 'the Lemon Squeezy customer portal (https://<store>.lemonsqueezy.com/billing)');
  required('POLAR_PORTAL_URL', "Polar's customer portal of the organization (https://polar.sh/<organization>/portal)");

  const products = required(
    'LICENSE_PRODUCTS',
    "the paid products and their tiers; unset, it is the sandbox's catalogue",
  );
  if (products) {
    const sandboxIds = new Set(DEFAULT_LICENSE_PRODUCTS.map((product) => `${product.provider}:${product.productId}`));
    const sandboxOnes = list(products)
      .map((entry) => entry.split('=')[0]?.trim() ?? '')
      .filter((id) => sandboxIds.has(id));
    if (sandboxOnes.length > 0) {
      problems.push(`LICENSE_PRODUCTS names the provider sandbox's products: ${sandboxOnes.join(', ')}.`);
    }
  }
  const checkoutTiers = new Set(list(env.CHECKOUT_URLS).map((entry) => entry.split('=')[0]?.trim()));
  const missingTiers = ALL_LICENSE_TIERS.filter((tier) => !checkoutTiers.has(String(tier)));
  if (missingTiers.length > 0) {
    problems.push(
      `CHECKOUT_URLS has no checkout for tier ${missingTiers.join(', ')}: unset, a tier is bought in the sandbox.`,
    );
  }

  if (!isHttps(env.SITE_URL)) {
    problems.push(`SITE_URL is not an https URL (${env.SITE_URL?.trim() || 'unset: http://localhost:4321'}).`);
  }
  const developmentId = extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);
  if (builtTrustedIds.includes(developmentId)) {
    problems.push(
      `TRUSTED_EXTENSION_IDS is the development extension's id (${developmentId}): build the site with the store's id.`,
    );
  }
  if (builtTrustedIds.length === 0) problems.push('TRUSTED_EXTENSION_IDS was empty when the site was built.');
  if (list(env.EXTENSION_IDS).includes(developmentId)) {
    problems.push(`EXTENSION_IDS names the development extension's id (${developmentId}).`);
  }

  // A malformed value (a number, a product list, a checkout URL) is a problem too; the reader names it.
  try {
    readLicenseConfig(env, builtTrustedIds);
  } catch (error) {
    problems.push(`${errorMessage(error)}.`);
  }
  return problems;
}
