import { describe, expect, test } from 'vitest';
import { DEVELOPMENT_EXTENSION_KEY } from '../../../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../../../shared/config/extension-id';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../../../../shared/config/sandbox-credentials';
import { DEFAULT_POLAR_ORGANIZATION_ID } from '../license-config';
import { isProduction, productionProblems } from './production-problems';

const STORE_ID = 'abcdefghijklmnopabcdefghijklmnop';

/** A configuration a real deploy could run with. */
const READY: Record<string, string> = {
  NODE_ENV: 'production',
  SITE_URL: 'https://clickreel.example',
  POLAR_API_URL: 'https://api.polar.sh',
  LEMONSQUEEZY_API_URL: 'https://api.lemonsqueezy.com',
  POLAR_ACCESS_TOKEN: 'polar_oat_real',
  POLAR_WEBHOOK_SECRET: 'polar_whs_real',
  POLAR_ORGANIZATION_ID: '11111111-2222-4333-8444-555555555555',
  LICENSE_PRODUCTS: 'lemonsqueezy:500003=3,polar:99999999-0000-4000-8000-000000000030=30',
  LEMONSQUEEZY_PORTAL_URL: 'https://clickreel.lemonsqueezy.com/billing',
  POLAR_PORTAL_URL: 'https://polar.sh/clickreel/portal',
  CHECKOUT_URLS: '3=https://buy.example/3,9=https://buy.example/9,15=https://buy.example/15,30=https://buy.example/30',
};

describe('productionProblems', () => {
  test('a complete configuration has none', () => {
    expect(productionProblems(READY, [STORE_ID])).toEqual([]);
    expect(isProduction(READY)).toBe(true);
    expect(isProduction({})).toBe(false);
  });

  test.each([
    ['POLAR_ACCESS_TOKEN', { POLAR_ACCESS_TOKEN: undefined }, 'POLAR_ACCESS_TOKEN is not set'],
    ['POLAR_WEBHOOK_SECRET', { POLAR_WEBHOOK_SECRET: '' }, 'POLAR_WEBHOOK_SECRET is not set'],
    ['POLAR_ACCESS_TOKEN', { POLAR_ACCESS_TOKEN: SANDBOX_ACCESS_TOKEN }, "the provider sandbox's token"],
    ['POLAR_WEBHOOK_SECRET', { POLAR_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET }, "the provider sandbox's secret"],
    ['POLAR_ORGANIZATION_ID', { POLAR_ORGANIZATION_ID: DEFAULT_POLAR_ORGANIZATION_ID }, "sandbox's organization"],
    ['POLAR_ORGANIZATION_ID', { POLAR_ORGANIZATION_ID: undefined }, 'POLAR_ORGANIZATION_ID is not set'],
    ['LICENSE_PRODUCTS', { LICENSE_PRODUCTS: 'lemonsqueezy:310003=3' }, 'lemonsqueezy:310003'],
    ['LICENSE_PRODUCTS', { LICENSE_PRODUCTS: undefined }, 'LICENSE_PRODUCTS is not set'],
    ['POLAR_API_URL', { POLAR_API_URL: undefined }, 'POLAR_API_URL is not set'],
    ['LEMONSQUEEZY_PORTAL_URL', { LEMONSQUEEZY_PORTAL_URL: '' }, 'LEMONSQUEEZY_PORTAL_URL is not set'],
    ['POLAR_PORTAL_URL', { POLAR_PORTAL_URL: undefined }, 'POLAR_PORTAL_URL is not set'],
    ['CHECKOUT_URLS', { CHECKOUT_URLS: '3=https://buy.example/3' }, 'no checkout for tier 9, 15, 30'],
    ['SITE_URL', { SITE_URL: 'http://clickreel.example' }, 'SITE_URL is not an https URL'],
    ['SITE_URL', { SITE_URL: undefined }, 'SITE_URL is not an https URL (unset'],
    ['EXTENSION_IDS', { EXTENSION_IDS: extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY) }, 'EXTENSION_IDS names'],
    ['LICENSE_CACHE_SECONDS', { LICENSE_CACHE_SECONDS: 'soon' }, 'LICENSE_CACHE_SECONDS must be a positive number'],
  ])('%s: %j is named', (name, change, expected) => {
    const problems = productionProblems({ ...READY, ...change }, [STORE_ID]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
    expect(problems[0]).toContain(expected);
  });

  test('a site built to trust the development extension, or none, is named', () => {
    const developmentId = extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);
    expect(productionProblems(READY, [developmentId])).toEqual([
      `TRUSTED_EXTENSION_IDS is the development extension's id (${developmentId}): build the site with the store's id.`,
    ]);
    expect(productionProblems(READY, [])).toEqual(['TRUSTED_EXTENSION_IDS was empty when the site was built.']);
  });

  test('every problem at once: one line each', () => {
    const problems = productionProblems({ NODE_ENV: 'production' }, [extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY)]);
    expect(problems.length).toBeGreaterThanOrEqual(9);
    for (const problem of problems) expect(problem).not.toContain('\n');
  });
});
