import { HTTPClient, Polar } from '@polar-sh/sdk';
import type { RetryConfig } from '@polar-sh/sdk/lib/retries.js';
import { NotPermitted } from '@polar-sh/sdk/models/errors/notpermitted.js';
import { PolarError } from '@polar-sh/sdk/models/errors/polarerror.js';
import { ResourceNotFound } from '@polar-sh/sdk/models/errors/resourcenotfound.js';
import { ResponseValidationError } from '@polar-sh/sdk/models/errors/responsevalidationerror.js';
import { LicenseError } from '../../../../shared/errors/domain-errors';
import { bareResult, type LicenseResult } from '../../../../shared/licenses/license-result';
import type { BrowserProfile } from '../../../../shared/profile/browser-profile';
import { isProviderBusy, type ProviderCallBudget } from './provider-call-budget';

/** Whether `error` is Polar refusing another activation of a key (its own activation limit). */
export function isActivationLimit(error: unknown): boolean {
  return error instanceof LicenseError && error.kind === 'activation-limit';
}

/**
 * The SDK's retries, switched on as billing-provider-api.md section 9 describes (on 429, 500, 502, 503, 504,
 * backoff from 500 ms by 1.5x, Retry-After honoured), but given up within the site's 10 s budget (section 7)
 * rather than the default hour: a user is waiting.
 */
export const POLAR_RETRY_CONFIG: RetryConfig = {
  strategy: 'backoff',
  backoff: { initialInterval: 500, maxInterval: 60_000, exponent: 1.5, maxElapsedTime: 10_000 },
  retryConnectionErrors: true,
};

/** One of a key's activations at Polar, with the browser profile it was made for (null: not made by us). */
export interface PolarActivation {
  readonly id: string;
  readonly browserProfileId: string | null;
}

/** The meta field an activation carries to say which browser profile holds it. */
const PROFILE_META = 'browser_profile_id';

/** Polar's customer-portal license keys and customer sessions through the official SDK (0.x). */
export class PolarLicenses {
  private readonly polar: Polar;
  private readonly hasAccessToken: boolean;

  constructor(
    serverURL: string,
    private readonly organizationId: string,
    accessToken: string | null,
    budget: ProviderCallBudget,
    retryConfig: RetryConfig = POLAR_RETRY_CONFIG,
  ) {
    // Every request the SDK sends, retries included, first takes a slot in Polar's rate limit.
    const httpClient = new HTTPClient({
      fetcher: async (input, init) => {
        await budget.take('polar');
        return fetch(input, init);
      },
    });
    this.hasAccessToken = accessToken !== null;
    this.polar = new Polar({
      serverURL,
      accessToken: accessToken ?? undefined,
      httpClient,
      retryConfig,
      timeoutMs: 10_000,
    });
  }

  /** Validates a key with the organization: server errors are ENDPOINT_DOWN (500), an unknown key INVALID (400). */
  async check(key: string): Promise<LicenseResult> {
    try {
      const license = await this.polar.customerPortal.licenseKeys.validate({
        key,
        organizationId: this.organizationId,
      });
      const expired = license.expiresAt !== null && license.expiresAt.getTime() <= Date.now();
      const status = license.status !== 'granted' ? 'INVALID' : expired ? 'EXPIRED' : 'VALID';
      return {
        status,
        email: license.customer.email ?? null,
        id: license.id,
        statusCode: status === 'VALID' ? 200 : 400,
        productId: license.benefitId,
        customerId: license.customerId,
        issuedAt: license.createdAt.toISOString(),
      };
    } catch (error) {
      return polarFailure(error);
    }
  }

  /** Activates a key for a browser profile; returns Polar's activation id. */
  async activate(key: string, profile: BrowserProfile): Promise<string> {
    try {
      const activation = await this.polar.customerPortal.licenseKeys.activate({
        key,
        organizationId: this.organizationId,
        label: profile.name,
        meta: { [PROFILE_META]: profile.id },
      });
      return activation.id;
    } catch (error) {
      if (error instanceof NotPermitted)
        throw new LicenseError('activation-limit', error.detail, { provider: 'polar' });
      throw error;
    }
  }

  /**
   * Who holds a key's activations, from Polar's own detail view (it needs the access token); null when it cannot
   * be read (no token, Polar down), so the caller falls back on what it knows.
   */
  async activations(licenseId: string): Promise<PolarActivation[] | null> {
    if (!this.hasAccessToken) return null;
    try {
      const license = await this.polar.licenseKeys.get({ id: licenseId });
      return license.activations.map((a) => {
        const profileId = a.meta[PROFILE_META];
        return { id: a.id, browserProfileId: typeof profileId === 'string' ? profileId : null };
      });
    } catch (error) {
      console.error('Polar activations could not be read:', error);
      return null;
    }
  }

  /** Removes a profile's activation; one that is already gone is fine. */
  async deactivate(key: string, activationId: string): Promise<void> {
    try {
      await this.polar.customerPortal.licenseKeys.deactivate({
        key,
        organizationId: this.organizationId,
        activationId,
      });
    } catch (error) {
      if (!(error instanceof ResourceNotFound)) throw error;
    }
  }

  /** A signed-in link to the customer's portal, or null when no session can be made (no token, Polar down). */
  async customerPortalUrl(customerId: string): Promise<string | null> {
    try {
      const session = await this.polar.customerSessions.create({ customerId });
      return session.customerPortalUrl;
    } catch {
      return null;
    }
  }
}

/** A failed validation as a result: the key's fault is INVALID or EXPIRED, anything else ENDPOINT_DOWN. */
export function polarFailure(error: unknown): LicenseResult {
  if (isProviderBusy(error)) return { ...bareResult('ENDPOINT_DOWN', 500), throttled: true };
  if (error instanceof ResourceNotFound) {
    return bareResult(/expired/i.test(error.detail) ? 'EXPIRED' : 'INVALID', 400);
  }
  // A response that breaks the contract says nothing about the key.
  if (error instanceof ResponseValidationError) return bareResult('ENDPOINT_DOWN', 500);
  if (error instanceof PolarError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) {
    return bareResult('INVALID', 400);
  }
  return bareResult('ENDPOINT_DOWN', 500);
}
