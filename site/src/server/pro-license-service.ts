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
import { PolarActivations } from './polar-activation';
import type { LemonSqueezyLicenses } from './providers/lemonsqueezy';
import type { PolarLicenses } from './providers/polar';
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

/** The key of one profile's activation of one license. */
const activationFlight = (license: ProLicense, profile: BrowserProfile) => `${license.licenseId}\n${profile.id}`;

/** What the database says about a license: whether a webhook took it back, and its bound profiles. */
interface LicenseState {
  readonly revoked: boolean;
  readonly bindings: readonly Binding[];
}

/**
 * How long this instance trusts what it read about a license's bindings and revocation. Only the answers that
 * keep pro on are trusted from memory; a refusal is always read again, and this instance's own writes forget
 * what it read. So another instance's release or revocation shows here within this time at most.
 */
const LICENSE_STATE_TTL_MS = 5_000;

/** Cache lifetime of a portal link: well within a Polar customer session's hour. */
const PORTAL_LINK_TTL_MS = 20 * 60 * 1000;
/** How long past its cache period a provider's answer may stand in while the call budget is used up. */
const MAX_THROTTLED_STALENESS_MS = 10 * 60 * 1000;
/** An outage is remembered only briefly, so checks resume as soon as the provider is back. */
const ENDPOINT_DOWN_TTL_MS = 5_000;

/**
 * The site's license logic: which keys unlock pro (README.md, Pro licenses), which browser profiles a license is active
 * on (the tier's count), and the customer portal link. Provider answers are cached per key.
 */
export class ProLicenseService {
  private readonly results: ValidationCache<LicenseResult>;
  private readonly states: ValidationCache<LicenseState>;
  private readonly portals: ValidationCache<string | null>;
  /** Activations under way on this instance, per license and profile (`activationFlight`). */
  private readonly activating = new Map<string, Promise<ServiceAnswer>>();
  private readonly polarActivations: PolarActivations;

  constructor(
    private readonly config: LicenseConfig,
    private readonly store: LicenseStore,
    private readonly providers: { readonly lemonsqueezy: LemonSqueezyLicenses; readonly polar: PolarLicenses },
  ) {
    this.results = new ValidationCache(
      (r) => (r.status === 'ENDPOINT_DOWN' ? Math.min(ENDPOINT_DOWN_TTL_MS, config.cacheMs) : config.cacheMs),
      10_000,
      Date.now,
      // When the site's own rate-limit budget kept it from asking, the provider's last answer stands a while.
      {
        reuse: (fresh) => fresh.throttled === true,
        maxStaleMs: MAX_THROTTLED_STALENESS_MS,
        retryMs: ENDPOINT_DOWN_TTL_MS,
      },
    );
    this.states = new ValidationCache(() => Math.min(LICENSE_STATE_TTL_MS, config.cacheMs));
    this.portals = new ValidationCache((url) => (url ? Math.min(PORTAL_LINK_TTL_MS, config.cacheMs * 20) : 0));
    this.polarActivations = new PolarActivations(providers.polar, store);
  }

  /** Forgets what this instance read about licenses (after a webhook revoked one). */
  forgetLicenseStates(): void {
    this.states.clear();
  }

  /**
   * Checks a key and binds this browser profile to it, within the tier's count. Idempotent per profile: calls
   * of one profile at once (a double click, the extension and the site together) share one activation here, and
   * those that race on other instances find the slot reserved for this profile in the shared bindings.
   */
  async activate(rawKey: string | null | undefined, profile: BrowserProfile): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey, true);
    if ('httpStatus' in license) return license;
    const flight = activationFlight(license, profile);
    let answer = this.activating.get(flight);
    if (!answer) {
      answer = this.bindProfile(license, profile).finally(() => this.activating.delete(flight));
      this.activating.set(flight, answer);
    }
    return answer;
  }

  private async bindProfile(license: ProLicense, profile: BrowserProfile): Promise<ServiceAnswer> {
    this.states.delete(license.licenseId);
    const before = await this.store.bindings(license.licenseId);
    if (!before.some((b) => b.id === profile.id) && before.length >= license.limit)
      return failure('INVALID', profileLimitMessage(license.limit));
    // The slot is taken in our bindings first, then at Polar: the same profile racing on another instance finds it
    // taken for it and makes no second activation, so Polar's slots never fill with spares while others wait.
    const reserved = await this.store.bind(license.licenseId, profile, license.limit);
    this.states.delete(license.licenseId);
    if (!reserved.bound) return failure('INVALID', profileLimitMessage(license.limit));
    if (!reserved.isNew || license.provider !== 'polar') return this.success(license, reserved.bindings, profile);
    return this.activateAtPolar(license, profile);
  }

  /** Activates the key at Polar for a profile whose slot this call reserved; a refusal frees the slot again. */
  private async activateAtPolar(license: ProLicense, profile: BrowserProfile): Promise<ServiceAnswer> {
    const activated = await this.polarActivations.activate(license, profile);
    if ('refused' in activated) {
      await this.store.release(license.licenseId, profile.id);
      this.states.delete(license.licenseId);
      return activated.refused === 'down'
        ? failure('ENDPOINT_DOWN')
        : failure('INVALID', profileLimitMessage(license.limit));
    }
    const { activationId } = activated;
    const outcome = await this.store.bind(license.licenseId, profile, license.limit, activationId);
    this.states.delete(license.licenseId);
    if (!outcome.bound) {
      // The profile was released meanwhile and the slots filled: give Polar's activation back.
      if (activationId) await this.polarActivations.giveBack(license, activationId);
      return failure('INVALID', profileLimitMessage(license.limit));
    }
    const kept = outcome.bindings.find((b) => b.id === profile.id)?.providerActivationId;
    // The binding holds another activation of this profile (from an earlier try): this one is spare.
    if (activationId && kept && kept !== activationId) await this.polarActivations.giveBack(license, activationId);
    return this.success(license, outcome.bindings, profile);
  }

  /** Checks that a key still unlocks pro for this browser profile. */
  async validate(rawKey: string | null | undefined, profile: BrowserProfile): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey);
    if ('httpStatus' in license) return license;
    let state = await this.states.get(license.licenseId, () => this.readState(license));
    if (state.revoked || !state.bindings.some((b) => b.id === profile.id)) {
      // A refusal is never taken from memory: another instance may have just bound this profile.
      this.states.delete(license.licenseId);
      state = await this.states.get(license.licenseId, () => this.readState(license));
    }
    if (state.revoked) return failure('INVALID', LICENSE_REVOKED_MESSAGE);
    const bound = state.bindings.find((b) => b.id === profile.id);
    if (!bound) {
      // Asked while this profile's activation is under way here: its answer is this one's.
      return this.activating.get(activationFlight(license, profile)) ?? failure('INVALID', PROFILE_NOT_BOUND_MESSAGE);
    }
    if (bound.name !== profile.name) {
      // The profile was renamed in the extension: keep the list readable.
      const outcome = await this.store.bind(license.licenseId, profile, license.limit);
      this.states.delete(license.licenseId);
      return this.success(license, outcome.bindings, profile);
    }
    return this.success(license, state.bindings, profile);
  }

  private async readState(license: ProLicense): Promise<LicenseState> {
    const [revoked, bindings] = await Promise.all([this.isRevoked(license), this.store.bindings(license.licenseId)]);
    return { revoked, bindings };
  }

  private isRevoked(license: ProLicense): Promise<boolean> {
    return this.store.isRevoked({
      provider: license.provider,
      licenseId: license.result.id,
      customerId: license.result.customerId,
      issuedAt: license.result.issuedAt,
    });
  }

  /** Releases a browser profile from a license (anyone holding the key may), freeing its slot. */
  async release(rawKey: string | null | undefined, asking: BrowserProfile, releaseId: string): Promise<ServiceAnswer> {
    const license = await this.proLicense(rawKey, true);
    if ('httpStatus' in license) return license;
    const released = await this.store.release(license.licenseId, releaseId);
    this.states.delete(license.licenseId);
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

  /**
   * The key's verdict: a ProLicense when the provider says it unlocks pro, else the failure to answer. Activation
   * and release also check revocation here; validation checks it with the bindings (one read, cached briefly).
   */
  private async proLicense(
    rawKey: string | null | undefined,
    checkRevoked = false,
  ): Promise<ProLicense | ServiceAnswer> {
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
    const license = { key, provider, result, licenseId: `${provider}:${result.id}`, limit: browserProfileLimit(tier) };
    if (checkRevoked && (await this.isRevoked(license))) return failure('INVALID', LICENSE_REVOKED_MESSAGE);
    return license;
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
