import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import type { LicenseTables } from './schema';

/** Where the server state lives: a PostgreSQL server (`DATABASE_URL`) or an embedded PGlite folder. */
export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

/** DATABASE_URL when set (several instances share it), else PGlite under DATA_DIR (default ./data). */
export function databaseLocation(env: Record<string, string | undefined>): DatabaseLocation {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR || 'data', 'pglite') };
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(location: DatabaseLocation): Promise<Kysely<LicenseTables>> {
  let db: Kysely<LicenseTables>;
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    db = new Kysely<LicenseTables>({ dialect: new PostgresDialect({ pool }) });
  } else {
    // No folder: in memory (tests).
    if (location.dataDir) mkdirSync(location.dataDir, { recursive: true });
    const pglite = await PGlite.create(location.dataDir ?? undefined);
    db = new Kysely<LicenseTables>({ dialect: new PGliteDialect(pglite) });
  }
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
