import type { APIRoute } from 'astro';
import { statsFromEnvironment } from '../../../../shared/site/stats';

export const prerender = false;

/** GET /api/stats: the rating badge's figures. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(statsFromEnvironment(process.env)), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
