import type { APIRoute } from 'astro';
import { statsFromEnvironment } from '../../../../shared/site/stats';
import { otherMethods } from '../../server/error-answers';

export const prerender = false;

/** GET /api/stats: the rating badge's figures. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(statsFromEnvironment(process.env)), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });

/** Any other method: a JSON 405 naming GET (OPTIONS: 204 with Allow). */
export const ALL: APIRoute = otherMethods('GET, HEAD, OPTIONS');
