import { type LicenseProvider, normalizeLicenseKey, providerForKey } from '../../../shared/licenses/license-key';
import { bareResult, type LicenseResult, unlockedTier } from '../../../shared/licenses/license-result';
import {
  LICENSE_HTTP_STATUS,
  type LicenseStatus,
  licenseMessage,
  SOMETHING_WENT_WRONG,
} from '../../../shared/licenses/license-status';
import { browserProfileLimit } from '../../../shared/licenses/license-tiers';
import type { ProLicenseFailure, ProLicenseResponse } from '../../../shared/licenses/pro-license-api';
import type { BrowserProfile } from '../../../shared/profile/browser-profile';
import type { LicenseConfig } from './license-config';
import type { LemonSqueezyLicenses } from './providers/lemonsqueezy';
import { ActivationLimitError, type PolarLicenses } from './providers/polar';
import type { Binding, LicenseStore } from './store/license-store';
import { ValidationCache } from './validation-cache';

/** What an endpoint answers: an HTTP status and a JSON body. */
export interface ServiceAnswer {
  readonly httpStatus: number;
  readonly body: ProLicenseResponse | ProLicenseFailure;
}

/** Said when every browser profile a tier allows is taken. */
export function profileLimitMessage(limit: number): string {
  return `This license is already active on ${limit} browser profile${limit === 1 ? '' : 's'}, the most its tier allows. Release one on the licenses page, or buy a larger tier.`;
}
/** Said when a browser profile asks about a license it is not bound to (never activated, or released). */
export const PROFILE_NOT_BOUND_MESSAGE =
  'This browser profile is not activated for this license. Enter the key again to activate it here.';
/** Said when a webhook took the license back (refund, revocation). */
export const LICENSE_REVOKED_MESSAGE = 'License invalid: it was refunded or revoked.';

function failure(status: LicenseStatus, message?: string, httpStatus?: number): ServiceAnswer {
  return {
    httpStatus: httpStatus ?? LICENSE_HTTP_STATUS[status],
    body: { status, message: message ?? licenseMessage(status) ?? SOMETHING_WENT_WRONG },
  };
}

/** A key that unlocks pro, as the service works with it. */
interface ProLicense {
  readonly key: string;
  readonly provider: LicenseProvider;
  readonly result: LicenseResult;
  /** `provider:providerLicenseId`, the bindings' key. */
  readonly licenseId: string;
  readonly limit: number;
}

/** Cache lifetime of a portal link: well within a Polar customer session's hour. */
const PORTAL_LINK_TTL_MS = 20 * 60 * 1000;
/** An outage is remembered only briefly, so checks resume as soon as the provider is back. */
const ENDPOINT_DOWN_TTL_MS = 5_000;

/**
 * The site's license logic: which keys unlock pro (spec section 4), which browser profiles a license is active
 * on (the tier's count), and the customer portal link. Provider answers are cached per key.
 */
export class ProLicenseService {
  private readonly results: ValidationCache<LicenseResult>;
  private readonly portals: ValidationCache<string | null>;

  constructor(
    private readonly config: LicenseConfig,
    private readonly store: LicenseStore,
    private readonly providers: { readonly lemonsqueezy: LemonSqueezyLicenses; readonly polar: PolarLicenses },
  ) {
    this.results = new ValidationCache((r) =>
      r.status === 'ENDPOINT_DOWN' ? Math.min(ENDPOINT_DOWN_TTL_MS, config.cacheMs) : config.cacheMs,
    );
    this.portals = new ValidationCache((url) => (url ? Math.min(PORTAL_LINK_TTL_MS, config.cacheMs * 20) : 0));
  }

  /** Checks a key and binds this browser profile to it, within the tier's count. */
  async activate(rawKey: string | null | undefined, profile: BrowserProfile): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey);
    if ('httpStatus' in license) return license;
    const before = await this.store.bindings(license.licenseId);
    if (before.some((b) => b.id === profile.id)) {
      const outcome = await this.store.bind(license.licenseId, profile, license.limit);
      return this.success(license, outcome.bindings, profile);
    }
    if (before.length >= license.limit) return failure('INVALID', profileLimitMessage(license.limit));
    let activationId: string | null = null;
    if (license.provider === 'polar') {
      try {
        activationId = await this.providers.polar.activate(license.key, profile);
      } catch (error) {
        if (error instanceof ActivationLimitError) return failure('INVALID', profileLimitMessage(license.limit));
        console.error('Polar activation failed:', error);
        return failure('ENDPOINT_DOWN');
      }
    }
    const outcome = await this.store.bind(license.licenseId, profile, license.limit, activationId);
    if (!outcome.bound) {
      // Another browser took the last slot meanwhile: give Polar's activation back.
      if (activationId) await this.providers.polar.deactivate(license.key, activationId).catch(() => undefined);
      return failure('INVALID', profileLimitMessage(license.limit));
    }
    return this.success(license, outcome.bindings, profile);
  }

  /** Checks that a key still unlocks pro for this browser profile. */
  async validate(rawKey: string | null | undefined, profile: BrowserProfile): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey);
    if ('httpStatus' in license) return license;
    const bindings = await this.store.bindings(license.licenseId);
    const bound = bindings.find((b) => b.id === profile.id);
    if (!bound) return failure('INVALID', PROFILE_NOT_BOUND_MESSAGE);
    if (bound.name !== profile.name) {
      // The profile was renamed in the extension: keep the list readable.
      const outcome = await this.store.bind(license.licenseId, profile, license.limit);
      return this.success(license, outcome.bindings, profile);
    }
    return this.success(license, bindings, profile);
  }

  /** Releases a browser profile from a license (anyone holding the key may), freeing its slot. */
  async release(rawKey: string | null | undefined, asking: BrowserProfile, releaseId: string): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey);
    if ('httpStatus' in license) return license;
    const released = await this.store.release(license.licenseId, releaseId);
    if (released?.providerActivationId && license.provider === 'polar') {
      try {
        await this.providers.polar.deactivate(license.key, released.providerActivationId);
      } catch (error) {
        // Our binding is gone either way; Polar's activation is tidied up by the next release or by support.
        console.error('Polar deactivation failed:', error);
      }
    }
    const bindings = await this.store.bindings(license.licenseId);
    return this.success(license, bindings, bindings.some((b) => b.id === asking.id) ? asking : null);
  }

  /** The key's verdict: a ProLicense when it unlocks pro, else the failure to answer. */
  private async proLicense(rawKey: string | null | undefined): Promise<ProLicense | ServiceAnswer> {
    const key = normalizeLicenseKey(rawKey ?? '');
    if (key === '') return failure('INVALID_EMPTY');
    const provider = providerForKey(key, this.config.polarKeyPrefix);
    const result = await this.results.get(key, () =>
      this.providers[provider].check(key).catch((error: unknown) => {
        console.error(`${provider} check failed:`, error);
        return bareResult('ENDPOINT_DOWN', 500);
      }),
    );
    if (result.status !== 'VALID') return failure(result.status);
    const tier = unlockedTier(result, provider, this.config.products);
    if (tier === null || result.id === null) return failure('INVALID');
    const revoked = await this.store.isRevoked({
      provider,
      licenseId: result.id,
      customerId: result.customerId,
      issuedAt: result.issuedAt,
    });
    if (revoked) return failure('INVALID', LICENSE_REVOKED_MESSAGE);
    return { key, provider, result, licenseId: `${provider}:${result.id}`, limit: browserProfileLimit(tier) };
  }

  private async success(
    license: ProLicense,
    bindings: readonly Binding[],
    profile: BrowserProfile | null,
  ): Promise<ServiceAnswer> {
    return {
      httpStatus: 200,
      body: {
        license: { email: license.result.email },
        browserProfiles: bindings.map(({ id, name, boundAt }) => ({ id, name, boundAt })),
        browserProfile: profile,
        browserProfileLimit: license.limit,
        customerPortal: await this.customerPortal(license),
      },
    };
  }

  private async customerPortal(license: ProLicense): Promise<string | null> {
    if (license.provider === 'lemonsqueezy') return this.config.lemonSqueezyPortalUrl;
    const customerId = license.result.customerId;
    if (!customerId || !this.config.polarAccessToken) return this.config.polarPortalUrl;
    const url = await this.portals.get(customerId, () => this.providers.polar.customerPortalUrl(customerId));
    return url ?? this.config.polarPortalUrl;
  }
}
