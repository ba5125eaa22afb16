/**
 * Route rules the server applies before a page is served: a request that belongs on another route is
 * redirected there, with its query kept.
 */

/** The site's page routes; no route has parameters. */
export const SITE_ROUTES = [
  '/',
  '/brave',
  '/editor',
  '/install',
  '/licenses',
  '/privacy-policy',
  '/recordings',
  '/refunds',
  '/terms-of-service',
  '/welcome',
] as const;
export type SiteRoute = (typeof SITE_ROUTES)[number];

/** The query parameter a checkout returns the bought key in. */
export const LICENSE_KEY_PARAM = 'licenseKey';

interface RouteRule {
  /** Why the rule exists, for whoever reads a redirect in the logs. */
  readonly reason: string;
  /** The route to send the request to, or null when the rule does not apply. */
  readonly redirect: (route: SiteRoute, query: URLSearchParams) => SiteRoute | null;
}

export const ROUTE_RULES: readonly RouteRule[] = [
  {
    reason: 'a checkout return carries the bought key: /licenses activates it and shows the license',
    redirect: (route, query) => (route !== '/licenses' && query.has(LICENSE_KEY_PARAM) ? '/licenses' : null),
  },
];

function routeOf(pathname: string): SiteRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SITE_ROUTES as readonly string[]).includes(path) ? (path as SiteRoute) : null;
}

/**
 * Where a request for `pathname?search` must go instead (path and query), or null to serve it as asked.
 * Only page routes are guarded: assets and API endpoints are never redirected.
 */
export function guardRoute(pathname: string, search: string): string | null {
  const route = routeOf(pathname);
  if (!route) return null;
  const query = new URLSearchParams(search);
  for (const rule of ROUTE_RULES) {
    const target = rule.redirect(route, query);
    if (target && target !== route) {
      const rest = query.toString();
      return rest ? `${target}?${rest}` : target;
    }
  }
  return null;
}
