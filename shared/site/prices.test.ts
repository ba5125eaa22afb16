import { describe, expect, test } from 'vitest';
import { formatPrice, pricesFromEnvironment, SANDBOX_PRICES } from './prices';

describe('tier prices', () => {
  test('without PRICES the sandbox’s prices, in US dollars', () => {
    expect(pricesFromEnvironment({})).toEqual({ currency: 'USD', amounts: SANDBOX_PRICES });
  });

  test('PRICES sets every tier; PRICE_CURRENCY the currency', () => {
    expect(pricesFromEnvironment({ PRICES: '3=19, 9=39,15=59.5,30=99', PRICE_CURRENCY: 'eur' })).toEqual({
      currency: 'EUR',
      amounts: { 3: 19, 9: 39, 15: 59.5, 30: 99 },
    });
  });

  test('a malformed entry, an unknown tier or a missing tier is an error naming it', () => {
    expect(() => pricesFromEnvironment({ PRICES: '3=$19,9=39,15=59,30=99' })).toThrow('PRICES entry "3=$19"');
    expect(() => pricesFromEnvironment({ PRICES: '4=19,9=39,15=59,30=99' })).toThrow('PRICES entry "4=19"');
    expect(() => pricesFromEnvironment({ PRICES: '3=19,9=39' })).toThrow('PRICES has no price for tier 15, 30');
    expect(() => pricesFromEnvironment({ PRICE_CURRENCY: 'dollars' })).toThrow('PRICE_CURRENCY');
  });

  test('prices read as a buyer reads them', () => {
    expect(formatPrice(29, 'USD')).toBe('$29');
    expect(formatPrice(59.5, 'EUR')).toBe('€59.50');
  });
});
