import type { ColumnType, Generated } from 'kysely';

/** Tables of the license state, in PostgreSQL's dialect (PGlite or a PostgreSQL server). */
export interface LicenseTables {
  /** Browser profiles a license is active on. */
  license_bindings: {
    /** `provider:providerLicenseId`. */
    license_id: string;
    profile_id: string;
    profile_name: string;
    /** The provider's activation for this profile (Polar), to deactivate it on release. */
    provider_activation_id: string | null;
    bound_at: ColumnType<Date, Date | undefined, never>;
  };
  /** Licenses taken back by a refund or revocation webhook. */
  license_revocations: {
    id: Generated<string>;
    provider: string;
    /** The provider's license key id, when the event names it. */
    license_id: string | null;
    /** The customer, when the event names one: their keys issued before `revoked_at` are revoked. */
    customer_id: string | null;
    reason: string;
    webhook_id: string;
    revoked_at: ColumnType<Date, Date | undefined, never>;
  };
  /** Webhook deliveries already handled, so each is handled once. */
  processed_webhooks: {
    webhook_id: string;
    /** The signature's timestamp (seconds): the same id and timestamp again is a replay. */
    signed_at: ColumnType<string, number, never>;
    event_type: string;
    received_at: ColumnType<Date, Date | undefined, never>;
  };
  /** Recent calls to each provider, shared by every instance to stay under the provider's rate limit. */
  provider_calls: {
    id: Generated<string>;
    provider: string;
    called_at: ColumnType<Date, Date | undefined, never>;
  };
}
