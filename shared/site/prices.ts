import { ConfigurationError } from '../errors/domain-errors';
import { ALL_LICENSE_TIERS, type LicenseTier } from '../licenses/license-tiers';

/**
 * What each Pro tier costs, as the home page shows it. The provider sandbox sells at these prices (its demo
 * checkout says so), so a site built without PRICES shows the sandbox's.
 */
export const SANDBOX_PRICES: Readonly<Record<LicenseTier, number>> = { 3: 29, 9: 59, 15: 89, 30: 149 };
export const DEFAULT_PRICE_CURRENCY = 'USD';

export interface TierPrices {
  /** ISO 4217 code, e.g. USD. */
  readonly currency: string;
  readonly amounts: Readonly<Record<LicenseTier, number>>;
}

/**
 * Reads PRICES (`3=29,9=59,15=89,30=149`: every tier, amounts in the currency's units) and PRICE_CURRENCY (USD);
 * the sandbox's prices when PRICES is unset. Throws naming the bad entry or the missing tiers: a price page built
 * from a typo would sell at the wrong price.
 */
export function pricesFromEnvironment(env: Record<string, string | undefined>): TierPrices {
  const currency = (env.PRICE_CURRENCY?.trim() || DEFAULT_PRICE_CURRENCY).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new ConfigurationError('invalid-variable', `PRICE_CURRENCY is not a currency code like USD: ${currency}`, {
      variable: 'PRICE_CURRENCY',
    });
  const value = env.PRICES?.trim();
  if (!value) return { currency, amounts: SANDBOX_PRICES };
  const amounts: Partial<Record<LicenseTier, number>> = {};
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^(\d+)\s*=\s*(\d+(?:\.\d{1,2})?)$/.exec(entry);
    const tier = Number(match?.[1]) as LicenseTier;
    if (!match || !ALL_LICENSE_TIERS.includes(tier)) {
      throw new ConfigurationError(
        'invalid-variable',
        `PRICES entry "${entry}" is not tier=amount with tier ${ALL_LICENSE_TIERS.join(', ')}`,
        { variable: 'PRICES' },
      );
    }
    amounts[tier] = Number(match[2]);
  }
  const missing = ALL_LICENSE_TIERS.filter((tier) => amounts[tier] === undefined);
  if (missing.length > 0)
    throw new ConfigurationError('invalid-variable', `PRICES has no price for tier ${missing.join(', ')}`, {
      variable: 'PRICES',
    });
  return { currency, amounts: amounts as Record<LicenseTier, number> };
}

/** A price as shown: '$29', '€89.50'. */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
