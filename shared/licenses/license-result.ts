import type { LicenseProvider } from './license-key';
import type { LicenseStatus } from './license-status';
import { type LicenseProduct, type LicenseTier, tierOfProduct } from './license-tiers';

/** What a provider says about a key, in the provider-neutral form the site uses. */
export interface LicenseResult {
  readonly status: LicenseStatus;
  readonly email: string | null;
  /** The provider's id of the license key. */
  readonly id: string | null;
  /** The provider's answer as an HTTP status: 200 valid, 400 invalid, 500 provider down. */
  readonly statusCode: number;
  /** The product sold (Lemon Squeezy product id; Polar license-key benefit id). */
  readonly productId: string | null;
  readonly customerId: string | null;
  /** When the key was issued (ISO datetime): a revocation only applies to keys issued before it. */
  readonly issuedAt: string | null;
  /** Set when the provider was not asked: the site's budget of calls to it was used up (ENDPOINT_DOWN). */
  readonly throttled?: true;
}

/** A result with nothing known but its status. */
export function bareResult(status: LicenseStatus, statusCode: number): LicenseResult {
  return { status, email: null, id: null, statusCode, productId: null, customerId: null, issuedAt: null };
}

/**
 * The tier a result unlocks: only a VALID key of an allowed product unlocks one.
 * Null means the key does not unlock pro.
 */
export function unlockedTier(
  result: LicenseResult,
  provider: LicenseProvider,
  products: readonly LicenseProduct[],
): LicenseTier | null {
  if (result.status !== 'VALID') return null;
  return tierOfProduct(products, provider, result.productId);
}
