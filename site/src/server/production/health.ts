import { sql } from 'kysely';
import { licenseRuntime } from '../license-runtime';

/** How long the database may take to answer a health check before the instance counts as unhealthy. */
export const HEALTH_TIMEOUT_MS = 3_000;

/** What GET /api/health answers: `{ ok: true }` when the database answers, else `{ ok: false, problem }`. */
export type Health = { readonly ok: true } | { readonly ok: false; readonly problem: string };

/** Whether this instance can serve: its database opens (migrated) and answers a query within the time limit. */
export async function checkHealth(): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([licenseRuntime().then(({ store }) => sql`select 1`.execute(store.db)), timeout]);
    return { ok: true };
  } catch (error) {
    console.error('Health check: the database is unreachable:', error);
    return { ok: false, problem: 'database unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
