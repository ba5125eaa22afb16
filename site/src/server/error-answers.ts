import { errorPageMessage } from '../../../shared/site/error-page';

/**
 * The API's error answer: `{ status, message }` with the error page's words for the status (404 'Page Not Found:
 * {path}', anything else 'Internal Server Error'), never an error's detail.
 */
export function jsonError(status: number, pathname: string, headers?: HeadersInit): Response {
  const answer = new Headers(headers);
  answer.set('content-type', 'application/json');
  answer.set('cache-control', 'no-store');
  answer.delete('content-length');
  answer.delete('content-encoding');
  return new Response(JSON.stringify({ status, message: errorPageMessage(status, pathname) }), {
    status,
    headers: answer,
  });
}

/** An endpoint's answer to the methods it does not take: OPTIONS names those it does, others get a JSON 405. */
export function otherMethods(allow: string): (context: { request: Request; url: URL }) => Response {
  return ({ request, url }) =>
    request.method === 'OPTIONS'
      ? new Response(null, { status: 204, headers: { allow } })
      : jsonError(405, url.pathname, { allow });
}
