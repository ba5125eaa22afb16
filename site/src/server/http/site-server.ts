import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { guardRoute } from '../../../../shared/site/route-guards';
import { clientAddressOf } from './client-address';
import {
  cacheControlFor,
  policyForDocument,
  RESOURCE_POLICY,
  SECURITY_HEADERS,
  scriptPolicy,
  webAssemblyWorkerAt,
} from './security-headers';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The Node adapter's handler: `locals` carries what this layer tells the page (the error page's status). */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: App.Locals,
) => unknown;

/** The methods everything outside /api/ answers: pages and files are read, never written to. */
export const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const PAGE_ALLOW = PAGE_METHODS.join(', ');

/** The route a static HTML file answers (`editor/index.html` → `/editor`, `index.html` → `/`). */
export function routeOfHtmlFile(file: string): string {
  const path = `/${file.split(sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return path === '' ? '/' : path;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

function normalizedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/(\/index)?\.html$/, '') || '/' : pathname;
}

/**
 * The site's HTTP handler: security headers on every response, route guards, the built files (precompressed
 * copies picked by Accept-Encoding, hashed assets cached for a year), then Astro (API endpoints and pages
 * rendered per request, compressed on the fly; Astro's middleware gives those pages their policy). Astro is handed
 * the client's address as the only X-Forwarded-For entry, as far as `trustedProxies` proxies vouch for it.
 */
export function createSiteHandler(clientDir: string, astro: AstroHandler, trustedProxies = 0): Handler {
  // The build does not change while the server runs: each page's policy is computed once.
  const documentPolicies = new Map<string, string>();
  for (const file of htmlFiles(clientDir)) {
    const route = routeOfHtmlFile(file);
    documentPolicies.set(route, policyForDocument(route, readFileSync(join(clientDir, file), 'utf8')));
  }
  const files = sirv(clientDir, { etag: true, brotli: true, gzip: true, dev: false });
  const compress = compression();

  const toAstro = (req: IncomingMessage, res: ServerResponse, locals?: App.Locals): void => {
    const client = clientAddressOf(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustedProxies);
    if (client) req.headers['x-forwarded-for'] = client;
    else delete req.headers['x-forwarded-for'];
    compress(req as never, res as never, () => {
      void astro(req, res, undefined, locals);
    });
  };

  /**
   * This layer's own refusals (a path it cannot decode, a method no page takes) get the one error page, rendered by
   * Astro like any other (its middleware gives it its policy): a GET of /500 told the status to show. The request
   * body, if any, is left unread (Node discards it).
   */
  const errorPage = (req: IncomingMessage, res: ServerResponse, status: number): void => {
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-security-policy', RESOURCE_POLICY);
    req.method = req.method === 'HEAD' ? 'HEAD' : 'GET';
    req.url = '/500';
    toAstro(req, res, { errorStatus: status });
  };

  return (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    let pathname: string;
    let search: string;
    try {
      const url = new URL(req.url ?? '/', 'http://site');
      pathname = decodeURI(url.pathname);
      search = url.search;
    } catch {
      // A malformed percent-encoding (`/%`) names no path at all.
      errorPage(req, res, 400);
      return;
    }
    const method = req.method ?? 'GET';
    if (!pathname.startsWith('/api/') && !(method === 'GET' || method === 'HEAD')) {
      // Outside the API everything is only read: OPTIONS says so, any other method is refused with the error page.
      res.setHeader('allow', PAGE_ALLOW);
      if (method === 'OPTIONS') {
        res.setHeader('content-security-policy', RESOURCE_POLICY);
        res.writeHead(204, { 'cache-control': 'no-store' }).end();
      } else errorPage(req, res, 405);
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const redirect = guardRoute(pathname, search);
      if (redirect) {
        res.setHeader('content-security-policy', RESOURCE_POLICY);
        res.writeHead(303, { location: redirect, 'cache-control': 'no-store' }).end();
        return;
      }
    }
    const page = documentPolicies.get(normalizedPath(pathname));
    res.setHeader(
      'content-security-policy',
      page ?? (/\.m?js$/.test(pathname) ? scriptPolicy(webAssemblyWorkerAt(pathname)) : RESOURCE_POLICY),
    );
    res.setHeader('cache-control', cacheControlFor(pathname));
    if (method === 'GET' || method === 'HEAD') files(req, res, () => toAstro(req, res));
    else toAstro(req, res);
  };
}
