import type { APIRoute } from 'astro';
import { checkHealth } from '../../server/production/health';

export const prerender = false;

/** GET /api/health, for load balancers: 200 `{ ok: true }` when the database answers, else 503. */
export const GET: APIRoute = async () => {
  const health = await checkHealth();
  return new Response(JSON.stringify(health), {
    status: health.ok ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
