import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { StorageError } from '../../../../shared/errors/domain-errors';
import { errorMessage } from '../../../../shared/errors/error-message';

/**
 * The schema's versions, applied in name order at start-up by Kysely's migrator (which takes a lock, so
 * instances starting together apply each once). Never edit a shipped migration: add the next one.
 */
export const LICENSE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-01-001-license-state': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('license_bindings')
        .addColumn('license_id', 'text', (c) => c.notNull())
        .addColumn('profile_id', 'text', (c) => c.notNull())
        .addColumn('profile_name', 'text', (c) => c.notNull())
        .addColumn('provider_activation_id', 'text')
        .addColumn('bound_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('license_bindings_pk', ['license_id', 'profile_id'])
        .execute();
      await db.schema
        .createTable('license_revocations')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('license_id', 'text')
        .addColumn('customer_id', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('license_revocations_license')
        .on('license_revocations')
        .columns(['provider', 'license_id'])
        .execute();
      await db.schema
        .createIndex('license_revocations_customer')
        .on('license_revocations')
        .columns(['provider', 'customer_id'])
        .execute();
      await db.schema
        .createTable('processed_webhooks')
        .addColumn('webhook_id', 'text', (c) => c.primaryKey())
        .addColumn('signed_at', 'bigint', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('provider_calls')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('called_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await db.schema
        .createIndex('provider_calls_recent')
        .on('provider_calls')
        .columns(['provider', 'called_at'])
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => ({ ...LICENSE_MIGRATIONS }) };

/** Brings a database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new StorageError(
      'migration-failed',
      `Database migration ${failed} failed: ${errorMessage(error)}`,
      { migration: failed },
      { cause: error },
    );
  }
}
