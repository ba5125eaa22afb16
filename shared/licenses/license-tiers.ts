import { LicenseError } from '../errors/domain-errors';
import { ALL_LICENSE_PROVIDERS, type LicenseProvider } from './license-key';

/** The four paid tiers; a tier sets how many browser profiles a license may be active on (browserProfileLimit). */
export const ALL_LICENSE_TIERS = [3, 9, 15, 30] as const;
export type LicenseTier = (typeof ALL_LICENSE_TIERS)[number];

/** How many browser profiles a license of a tier may be active on: the tier divided by 3 (1, 3, 5, 10). */
export function browserProfileLimit(tier: LicenseTier): number {
  return tier / 3;
}

/** A paid product: the provider's product id (Polar: the license-key benefit id) and the tier it sells. */
export interface LicenseProduct {
  readonly provider: LicenseProvider;
  readonly productId: string;
  readonly tier: LicenseTier;
}

function isTier(value: number): value is LicenseTier {
  return (ALL_LICENSE_TIERS as readonly number[]).includes(value);
}

/**
 * Reads a product list written as `provider:productId=tier`, comma-separated
 * (`lemonsqueezy:1001=3,polar:4b1c…=9`). Throws naming the first malformed entry.
 */
export function parseLicenseProducts(text: string): LicenseProduct[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([a-z]+):([^=\s]+)=(\d+)$/.exec(entry);
      const provider = match?.[1] as LicenseProvider | undefined;
      const tier = Number(match?.[3]);
      if (!match || !provider || !ALL_LICENSE_PROVIDERS.includes(provider) || !isTier(tier)) {
        throw new LicenseError(
          'malformed-product',
          `"${entry}" is not a product: write provider:productId=tier with provider ${ALL_LICENSE_PROVIDERS.join(' or ')} and tier ${ALL_LICENSE_TIERS.join(', ')}`,
          { entry },
        );
      }
      return { provider, productId: match[2] as string, tier };
    });
}

/** The tier a provider's product sells; null when the product is not one of ours. */
export function tierOfProduct(
  products: readonly LicenseProduct[],
  provider: LicenseProvider,
  productId: string | null,
): LicenseTier | null {
  if (productId === null) return null;
  return products.find((p) => p.provider === provider && p.productId === productId)?.tier ?? null;
}
