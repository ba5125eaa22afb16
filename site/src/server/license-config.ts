import { ConfigurationError } from '../../../shared/errors/domain-errors';
import { DEFAULT_POLAR_KEY_PREFIX } from '../../../shared/licenses/license-key';
import {
  ALL_LICENSE_TIERS,
  type LicenseProduct,
  type LicenseTier,
  parseLicenseProducts,
} from '../../../shared/licenses/license-tiers';

/**
 * Everything the license endpoints are configured with, read from the environment at request time (server only:
 * never import this from a page script). The defaults match the provider sandbox's seeded catalogue, so
 * `npm start` works with no .env; production sets the provider URLs, ids and secrets.
 */
export interface LicenseConfig {
  readonly lemonSqueezyApiUrl: string;
  readonly polarApiUrl: string;
  readonly polarOrganizationId: string;
  /** Back-office token, for customer-portal sessions. Secret; null when not configured. */
  readonly polarAccessToken: string | null;
  /** Secret the billing webhooks are signed with; null when not configured (the receiver then refuses all). */
  readonly polarWebhookSecret: string | null;
  /** Keys starting with this go to Polar. */
  readonly polarKeyPrefix: string;
  /** Paid products and the tier each sells. */
  readonly products: readonly LicenseProduct[];
  /** Where a buyer purchases each tier. */
  readonly checkoutUrls: Readonly<Record<LicenseTier, string>>;
  /** Lemon Squeezy's customer portal (the store's /billing page). */
  readonly lemonSqueezyPortalUrl: string;
  /** Polar's customer portal, used when a session link cannot be made. */
  readonly polarPortalUrl: string;
  /** How long a provider's answer is reused. */
  readonly cacheMs: number;
  /** Provider calls allowed per minute, across every instance sharing the database. */
  readonly providerCallsPerMinute: Readonly<Record<'lemonsqueezy' | 'polar', number>>;
  /** Requests one address may make to the license endpoints per minute. */
  readonly requestsPerMinutePerIp: number;
  /** Origins allowed to call the endpoints from a browser: the site's and the extension's. */
  readonly siteOrigins: readonly string[];
  /**
   * Extension ids allowed as origins: EXTENSION_IDS, else the ids the site is built to trust (TRUSTED_EXTENSION_IDS),
   * so the license endpoints and the recording hand-off answer the same extensions. Empty allows any.
   */
  readonly extensionIds: readonly string[];
}

/** The sandbox's Polar organization. */
export const DEFAULT_POLAR_ORGANIZATION_ID = '0b3f3a7e-6c1d-4f0e-9a43-3c1b2f6a7d10';
/** The sandbox's catalogue: Lemon Squeezy products 310003… and Polar license-key benefits …000000000003…, by tier. */
export const DEFAULT_LICENSE_PRODUCTS: readonly LicenseProduct[] = ALL_LICENSE_TIERS.flatMap((tier) => [
  { provider: 'lemonsqueezy' as const, productId: String(310000 + tier), tier },
  { provider: 'polar' as const, productId: `7c1e9a52-3d4b-4f6a-8e21-${String(tier).padStart(12, '0')}`, tier },
]);
/** Where the sandbox runs when nothing else is said (npm start's default SANDBOX_PORT). */
export const DEFAULT_PROVIDER_URL = 'http://127.0.0.1:4322';

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new ConfigurationError('invalid-variable', `${name} must be a positive number, got "${value}"`, {
      variable: name,
      value,
    });
  return number;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function checkoutUrls(value: string | undefined, lemonSqueezyApiUrl: string): Record<LicenseTier, string> {
  const urls = Object.fromEntries(ALL_LICENSE_TIERS.map((tier) => [tier, `${lemonSqueezyApiUrl}/buy/tier-${tier}`]));
  for (const entry of list(value)) {
    const match = /^(\d+)=(https?:\/\/\S+)$/.exec(entry);
    if (!match || !(ALL_LICENSE_TIERS as readonly number[]).includes(Number(match[1]))) {
      throw new ConfigurationError(
        'invalid-variable',
        `CHECKOUT_URLS entry "${entry}" is not tier=https://… with tier ${ALL_LICENSE_TIERS.join(', ')}`,
        { variable: 'CHECKOUT_URLS', value: entry },
      );
    }
    urls[Number(match[1])] = match[2] as string;
  }
  return urls as Record<LicenseTier, string>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads the license configuration; throws naming the variable when one is malformed. `trustedExtensionIds` are the
 * build's trusted extensions, the default of EXTENSION_IDS.
 */
export function readLicenseConfig(
  env: Record<string, string | undefined>,
  trustedExtensionIds: readonly string[] = [],
): LicenseConfig {
  const lemonSqueezyApiUrl = trimSlash(env.LEMONSQUEEZY_API_URL || DEFAULT_PROVIDER_URL);
  const polarApiUrl = trimSlash(env.POLAR_API_URL || DEFAULT_PROVIDER_URL);
  const polarOrganizationId = env.POLAR_ORGANIZATION_ID || DEFAULT_POLAR_ORGANIZATION_ID;
  const siteOrigins = [env.SITE_URL || 'http://localhost:4321', ...list(env.SITE_ORIGINS)]
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  const perMinute = positiveNumber(env.PROVIDER_CALLS_PER_MINUTE, 60, 'PROVIDER_CALLS_PER_MINUTE');
  return {
    lemonSqueezyApiUrl,
    polarApiUrl,
    polarOrganizationId,
    polarAccessToken: env.POLAR_ACCESS_TOKEN || null,
    polarWebhookSecret: env.POLAR_WEBHOOK_SECRET || null,
    polarKeyPrefix: env.POLAR_KEY_PREFIX || DEFAULT_POLAR_KEY_PREFIX,
    products: env.LICENSE_PRODUCTS ? parseLicenseProducts(env.LICENSE_PRODUCTS) : DEFAULT_LICENSE_PRODUCTS,
    checkoutUrls: checkoutUrls(env.CHECKOUT_URLS, lemonSqueezyApiUrl),
    lemonSqueezyPortalUrl: env.LEMONSQUEEZY_PORTAL_URL || `${lemonSqueezyApiUrl}/billing`,
    polarPortalUrl: env.POLAR_PORTAL_URL || `${polarApiUrl}/portal`,
    cacheMs: positiveNumber(env.LICENSE_CACHE_SECONDS, 60, 'LICENSE_CACHE_SECONDS') * 1000,
    providerCallsPerMinute: {
      lemonsqueezy: positiveNumber(env.LEMONSQUEEZY_CALLS_PER_MINUTE, perMinute, 'LEMONSQUEEZY_CALLS_PER_MINUTE'),
      polar: positiveNumber(env.POLAR_CALLS_PER_MINUTE, perMinute, 'POLAR_CALLS_PER_MINUTE'),
    },
    requestsPerMinutePerIp: positiveNumber(env.API_REQUESTS_PER_MINUTE, 120, 'API_REQUESTS_PER_MINUTE'),
    siteOrigins: [...new Set(siteOrigins)],
    extensionIds: env.EXTENSION_IDS ? list(env.EXTENSION_IDS) : [...trustedExtensionIds],
  };
}

/** Set by the site's build (astro.config.mjs); absent when this module runs outside it (scripts, unit tests). */
declare const __CLICKREEL_TRUSTED_EXTENSION_IDS__: readonly string[] | undefined;

let cached: LicenseConfig | null = null;

/** This process's configuration, read from process.env on first use (a server's environment does not change). */
export function licenseConfig(): LicenseConfig {
  cached ??= readLicenseConfig(
    process.env,
    typeof __CLICKREEL_TRUSTED_EXTENSION_IDS__ === 'undefined' ? [] : __CLICKREEL_TRUSTED_EXTENSION_IDS__,
  );
  return cached;
}
