import { defineMiddleware } from 'astro:middleware';
import { jsonError } from './server/error-answers';
import { policyForDocument } from './server/http/security-headers';

/** A page rendered per request gets the policy of its own inline scripts and styles (static pages get theirs from the server). */
async function withDocumentPolicy(response: Response, pathname: string, status?: number): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', policyForDocument(pathname, html));
  return new Response(html, { status: status ?? response.status, headers });
}

/** An API answer that is an error but not JSON (Astro's 404 page for an unknown endpoint) becomes the JSON error. */
function apiAnswer(response: Response, pathname: string): Response {
  if (response.status < 400 || response.headers.get('content-type')?.startsWith('application/json')) return response;
  return jsonError(response.status, pathname, response.headers);
}

/**
 * Pages and endpoints rendered per request: every error the site answers passes here. An error thrown in a page
 * reaches Astro, which renders the error page (500.astro) with no detail; one thrown in an endpoint under /api/
 * becomes a JSON 500, also without detail (the server log has it), and any other error of the API is JSON too.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const api = context.url.pathname.startsWith('/api/');
  try {
    // Only in the browser tests' build (a constant: other builds drop the branch, and with it the module, which a
    // static import would keep); the error page never takes the fault: it is what shows it.
    if (__CLICKREEL_TEST_FAULTS__ && context.routePattern !== '/500') {
      (await import('./server/test-faults')).throwIfTestFault(context.request);
    }
    const response = await next();
    if (api) return apiAnswer(response, context.url.pathname);
    // Astro answers its /500 route with 500 whatever the page sets: the server's own refusals name theirs.
    return await withDocumentPolicy(response, context.url.pathname, context.locals.errorStatus);
  } catch (error) {
    if (!api) throw error;
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    return jsonError(500, context.url.pathname);
  }
});
