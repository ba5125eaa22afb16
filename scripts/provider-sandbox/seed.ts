import { ALL_LICENSE_TIERS, type LicenseProduct, type LicenseTier } from '../../shared/licenses/license-tiers';
import { DEFAULT_LICENSE_PRODUCTS, DEFAULT_POLAR_ORGANIZATION_ID } from '../../site/src/server/license-config';

/**
 * The sandbox's demo data: one organization, the site's default catalogue, and demo keys for every tier and
 * every status. The token and webhook secret below are the sandbox's own; `npm start` and the tests hand them
 * to the site through the environment, like real ones.
 */

// The token and secret are kept apart from the sandbox's code, so the site can refuse them in production.
export { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../../shared/config/sandbox-credentials';
export const SANDBOX_ORGANIZATION = { id: DEFAULT_POLAR_ORGANIZATION_ID, slug: 'clickreel', name: 'Clickreel' };
/** The Lemon Squeezy store the demo keys belong to. */
export const SANDBOX_STORE_ID = 41000;
/** Products of neither catalogue: keys for them are valid with the provider but unlock nothing. */
export const OTHER_PRODUCT = { lemonsqueezy: '399999', polar: '7c1e9a52-3d4b-4f6a-8e21-999999999999' } as const;

/** The states a demo key can be in, each one the product must handle. */
export const ALL_DEMO_KEY_KINDS = [
  'valid',
  'first-time',
  'expired',
  'disabled',
  'revoked',
  'wrong-product',
  'limit-reached',
] as const;
export type DemoKeyKind = (typeof ALL_DEMO_KEY_KINDS)[number];

/** One seeded key. */
export interface DemoKey {
  readonly key: string;
  readonly provider: 'lemonsqueezy' | 'polar';
  readonly kind: DemoKeyKind;
  /** The tier its product sells (wrong-product keys have none). */
  readonly tier: LicenseTier | null;
  readonly productId: string;
  readonly email: string;
  readonly customerName: string;
  /** Numbered from 1 per provider: becomes the provider's key id, order id and customer id. */
  readonly serial: number;
}

/** How many interchangeable valid keys each tier gets, so tests can each use their own. */
export const VALID_KEYS_PER_TIER = 10;

const KEY_PREFIX = { lemonsqueezy: 'CLICKREEL-DEMO', polar: 'CRSRFL_PLR-DEMO' } as const;

function productOf(provider: 'lemonsqueezy' | 'polar', tier: LicenseTier, products: readonly LicenseProduct[]): string {
  const product = products.find((p) => p.provider === provider && p.tier === tier);
  if (!product) throw new Error(`the sandbox's catalogue has no ${provider} product for tier ${tier}`);
  return product.productId;
}

/** The key of a seeded demo license: `CLICKREEL-DEMO-T3-VALID-1`, `CRSRFL_PLR-DEMO-T30-EXPIRED`, … */
export function demoKeyName(
  provider: 'lemonsqueezy' | 'polar',
  tier: LicenseTier | null,
  kind: DemoKeyKind,
  n = 1,
): string {
  const label = kind.toUpperCase();
  if (kind === 'wrong-product') return `${KEY_PREFIX[provider]}-${label}`;
  return `${KEY_PREFIX[provider]}-T${tier}-${label}${kind === 'valid' ? `-${n}` : ''}`;
}

/**
 * Every seeded key, of the products in `products` (the site's default catalogue unless the sandbox is started with
 * one of its own). Lemon Squeezy has no "revoked" state and Polar no "first-time" one (no activation needed).
 */
export function demoKeys(products: readonly LicenseProduct[] = DEFAULT_LICENSE_PRODUCTS): DemoKey[] {
  const keys: DemoKey[] = [];
  for (const provider of ['lemonsqueezy', 'polar'] as const) {
    let serial = 0;
    const add = (kind: DemoKeyKind, tier: LicenseTier | null, n = 1) => {
      serial++;
      keys.push({
        key: demoKeyName(provider, tier, kind, n),
        provider,
        kind,
        tier,
        productId: tier === null ? OTHER_PRODUCT[provider] : productOf(provider, tier, products),
        email: `buyer${serial}.${provider}@example.com`,
        customerName: `Demo Buyer ${serial}`,
        serial,
      });
    };
    for (const tier of ALL_LICENSE_TIERS) {
      for (let n = 1; n <= VALID_KEYS_PER_TIER; n++) add('valid', tier, n);
      for (const kind of ALL_DEMO_KEY_KINDS) {
        if (kind === 'valid' || kind === 'wrong-product') continue;
        if (provider === 'lemonsqueezy' && kind === 'revoked') continue;
        if (provider === 'polar' && kind === 'first-time') continue;
        add(kind, tier);
      }
    }
    add('wrong-product', null);
  }
  return keys;
}
