import { type Kysely, sql } from 'kysely';
import type { BoundBrowserProfile } from '../../../../shared/licenses/pro-license-api';
import type { BrowserProfile } from '../../../../shared/profile/browser-profile';
import type { LicenseTables } from './schema';

/** A browser profile bound to a license, with the provider's activation when there is one. */
export interface Binding extends BoundBrowserProfile {
  readonly providerActivationId: string | null;
}

/** The outcome of binding a profile: bound (now or before), or refused because every slot is taken. */
export type BindOutcome =
  | { readonly bound: true; readonly isNew: boolean; readonly bindings: Binding[] }
  | { readonly bound: false; readonly bindings: Binding[] };

/** What a webhook delivery is to the store: new, the same delivery again (a replay), or a redelivery of the id. */
export type WebhookReceipt = 'new' | 'replay' | 'repeat';

/** A license as the revocation check needs it. */
export interface RevocationSubject {
  readonly provider: string;
  readonly licenseId: string | null;
  readonly customerId: string | null;
  readonly issuedAt: string | null;
}

/** A revocation to record. */
export interface Revocation {
  readonly provider: string;
  readonly licenseId: string | null;
  readonly customerId: string | null;
  readonly reason: string;
  readonly webhookId: string;
}

// 32-bit keys for pg_advisory_xact_lock: one lock per license (binding) and per provider (call budget).
const lockKey = (text: string) => sql`hashtext(${text})`;

function toBinding(row: {
  profile_id: string;
  profile_name: string;
  provider_activation_id: string | null;
  bound_at: Date;
}): Binding {
  return {
    id: row.profile_id,
    name: row.profile_name,
    boundAt: new Date(row.bound_at).toISOString(),
    providerActivationId: row.provider_activation_id,
  };
}

/**
 * Bindings, revocations, handled webhooks and the provider-call budget, in one database that every site
 * instance shares. Every check-then-write runs in a transaction holding an advisory lock, so two instances
 * cannot both take the last slot.
 */
export class LicenseStore {
  constructor(readonly db: Kysely<LicenseTables>) {}

  /** Profiles bound to a license, oldest first. */
  async bindings(licenseId: string, db: Kysely<LicenseTables> = this.db): Promise<Binding[]> {
    const rows = await db
      .selectFrom('license_bindings')
      .select(['profile_id', 'profile_name', 'provider_activation_id', 'bound_at'])
      .where('license_id', '=', licenseId)
      .orderBy('bound_at')
      .orderBy('profile_id')
      .execute();
    return rows.map(toBinding);
  }

  /**
   * Binds a profile to a license when it is bound already (its name is refreshed) or a slot is free. The
   * provider's activation (`providerActivationId`) is made before, outside the transaction: a provider call must
   * never hold a database connection (the call budget needs one).
   */
  async bind(
    licenseId: string,
    profile: BrowserProfile,
    limit: number,
    providerActivationId: string | null = null,
  ): Promise<BindOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey(`binding:${licenseId}`)})`.execute(trx);
      const bindings = await this.bindings(licenseId, trx);
      const existing = bindings.find((b) => b.id === profile.id);
      if (existing) {
        // A binding made without the provider's activation takes the one this call brings.
        const activationId = existing.providerActivationId ?? providerActivationId;
        await trx
          .updateTable('license_bindings')
          .set({ profile_name: profile.name, provider_activation_id: activationId })
          .where('license_id', '=', licenseId)
          .where('profile_id', '=', profile.id)
          .execute();
        return {
          bound: true,
          isNew: false,
          bindings: bindings.map((b) =>
            b.id === profile.id ? { ...b, name: profile.name, providerActivationId: activationId } : b,
          ),
        };
      }
      if (bindings.length >= limit) return { bound: false, bindings };
      await trx
        .insertInto('license_bindings')
        .values({
          license_id: licenseId,
          profile_id: profile.id,
          profile_name: profile.name,
          provider_activation_id: providerActivationId,
        })
        .execute();
      return { bound: true, isNew: true, bindings: await this.bindings(licenseId, trx) };
    });
  }

  /** Removes a profile from a license; returns the removed binding, or null when it was not bound. */
  async release(licenseId: string, profileId: string): Promise<Binding | null> {
    const row = await this.db
      .deleteFrom('license_bindings')
      .where('license_id', '=', licenseId)
      .where('profile_id', '=', profileId)
      .returning(['profile_id', 'profile_name', 'provider_activation_id', 'bound_at'])
      .executeTakeFirst();
    return row ? toBinding(row) : null;
  }

  /** Whether a webhook took this license back: by its id, or by its customer for keys issued before then. */
  async isRevoked(subject: RevocationSubject): Promise<boolean> {
    if (!subject.licenseId && !subject.customerId) return false;
    const row = await this.db
      .selectFrom('license_revocations')
      .select('id')
      .where('provider', '=', subject.provider)
      .where((eb) =>
        eb.or([
          ...(subject.licenseId ? [eb('license_id', '=', subject.licenseId)] : []),
          ...(subject.customerId
            ? [
                eb.and([
                  eb('customer_id', '=', subject.customerId),
                  ...(subject.issuedAt ? [eb('revoked_at', '>=', new Date(subject.issuedAt))] : []),
                ]),
              ]
            : []),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a webhook delivery and, when its id is new, applies what it says, in one transaction: a failure
   * leaves nothing recorded, so the provider's retry is handled in full.
   */
  async receiveWebhook(
    webhookId: string,
    signedAt: number,
    eventType: string,
    apply: (store: LicenseStore) => Promise<void>,
  ): Promise<WebhookReceipt> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('processed_webhooks')
        .values({ webhook_id: webhookId, signed_at: signedAt, event_type: eventType })
        .onConflict((oc) => oc.column('webhook_id').doNothing())
        .returning('webhook_id')
        .executeTakeFirst();
      if (!inserted) {
        const seen = await trx
          .selectFrom('processed_webhooks')
          .select('signed_at')
          .where('webhook_id', '=', webhookId)
          .executeTakeFirstOrThrow();
        return Number(seen.signed_at) === signedAt ? 'replay' : 'repeat';
      }
      await apply(new LicenseStore(trx));
      return 'new';
    });
  }

  /** Takes a license back. */
  async revoke(revocation: Revocation): Promise<void> {
    await this.db
      .insertInto('license_revocations')
      .values({
        provider: revocation.provider,
        license_id: revocation.licenseId,
        customer_id: revocation.customerId,
        reason: revocation.reason,
        webhook_id: revocation.webhookId,
      })
      .execute();
  }

  /**
   * Takes one call from a provider's budget of `perMinute` calls in any 60 s: returns 0 when the call may go
   * now, else how many ms until a slot frees. The database's clock is the one clock all instances share.
   */
  async takeProviderCall(provider: string, perMinute: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey(`provider:${provider}`)})`.execute(trx);
      await trx
        .deleteFrom('provider_calls')
        .where('provider', '=', provider)
        .where('called_at', '<', sql<Date>`clock_timestamp() - interval '60 seconds'`)
        .execute();
      const window = await trx
        .selectFrom('provider_calls')
        .select([
          sql<string>`count(*)`.as('calls'),
          sql<number>`extract(epoch from (min(called_at) + interval '60 seconds' - clock_timestamp())) * 1000`.as(
            'waitMs',
          ),
        ])
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
      if (Number(window.calls) >= perMinute) return Math.max(1, Math.ceil(Number(window.waitMs)));
      await trx.insertInto('provider_calls').values({ provider }).execute();
      return 0;
    });
  }
}
