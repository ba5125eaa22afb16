import { defineMiddleware } from 'astro:middleware';
import { policyForDocument } from './server/http/security-headers';
import { throwIfTestFault } from './server/test-faults';

/** A page rendered per request gets the policy of its own inline scripts and styles (static pages get theirs from the server). */
async function withDocumentPolicy(response: Response, pathname: string): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', policyForDocument(pathname, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

const internalError = () =>
  new Response(JSON.stringify({ status: 500, message: 'Internal Server Error' }), {
    status: 500,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

/**
 * Pages and endpoints rendered per request. An error thrown in a page reaches Astro, which renders the
 * error page (500.astro) with no detail; one thrown in an endpoint under /api/ becomes a JSON 500, also
 * without detail (the server log has it).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const api = context.url.pathname.startsWith('/api/');
  try {
    // The error page itself never takes the fault: it is what shows it.
    if (context.routePattern !== '/500') throwIfTestFault(context.request);
    return await withDocumentPolicy(await next(), context.url.pathname);
  } catch (error) {
    if (!api) throw error;
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    return internalError();
  }
});
