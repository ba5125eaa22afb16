/**
 * Every navigation to a URL that came from outside the page's own code (a `?next=` parameter, a provider's
 * redirect, a checkout return, a link from an API answer) is checked here first.
 */

/** The refusal of a link that leaves the site without being flagged as allowed to (README.md, The site's server). */
export const EXTERNAL_NAVIGATION_REFUSED = 'Navigating to an external URL is not allowed by default';

/** Protocols a navigation may use; anything else (javascript:, data:, vbscript:, file:, blob:, …) is refused. */
export const SAFE_NAVIGATION_PROTOCOLS = ['http:', 'https:'] as const;

/** Says which protocol was refused, e.g. 'Navigating to a javascript: URL is not allowed'. */
export function unsafeProtocolRefused(protocol: string): string {
  return `Navigating to a ${protocol} URL is not allowed`;
}

export const INVALID_NAVIGATION_URL = 'Navigating to an invalid URL is not allowed';

export type NavigationRefusal = 'external' | 'unsafe-protocol' | 'invalid';

export type NavigationCheck =
  | { readonly ok: true; readonly url: string; readonly external: boolean }
  | { readonly ok: false; readonly refusal: NavigationRefusal; readonly message: string };

export interface NavigationOptions {
  /** The page's own URL: relative targets resolve against it, and its origin is "internal". */
  readonly base: string;
  /** Explicitly allows leaving the site (a checkout, the customer portal). Unsafe protocols stay refused. */
  readonly allowExternal?: boolean;
}

/**
 * Decides whether `target` may be navigated to. Parsing follows the URL standard, as the browser does, so
 * tricks that browsers normalise (`//host`, `/\host`, tabs or leading spaces in `java\tscript:`) are judged
 * on what the browser would really open.
 */
export function checkNavigation(target: string, options: NavigationOptions): NavigationCheck {
  let url: URL;
  let base: URL;
  try {
    base = new URL(options.base);
    url = new URL(target, base);
  } catch {
    return { ok: false, refusal: 'invalid', message: INVALID_NAVIGATION_URL };
  }
  if (!(SAFE_NAVIGATION_PROTOCOLS as readonly string[]).includes(url.protocol)) {
    return { ok: false, refusal: 'unsafe-protocol', message: unsafeProtocolRefused(url.protocol) };
  }
  const external = url.origin !== base.origin;
  if (external && !options.allowExternal) {
    return { ok: false, refusal: 'external', message: EXTERNAL_NAVIGATION_REFUSED };
  }
  // Internal targets are given as path, query and hash only: the origin is the page's own by construction.
  return { ok: true, url: external ? url.href : `${url.pathname}${url.search}${url.hash}`, external };
}

/** The `href` to render for a link from outside, or null when the link must not be offered. */
export function safeHref(target: string | null | undefined, options: NavigationOptions): string | null {
  if (!target) return null;
  const check = checkNavigation(target, options);
  return check.ok ? check.url : null;
}
