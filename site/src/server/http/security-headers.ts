import { createHash } from 'node:crypto';

/**
 * The site's security headers. Every response gets SECURITY_HEADERS and a Content-Security-Policy: pages
 * get `documentPolicy` (their own inline scripts and styles by hash), scripts get `scriptPolicy` (what a
 * script started as a worker may do), everything else `RESOURCE_POLICY` (nothing).
 */

/** Pages whose code compiles WebAssembly: the editor's preview and export paint with the planar kernels. */
export const WEBASSEMBLY_PAGES = ['/editor'] as const;

/**
 * Scripts that run as workers painting with them too (bundled as `_astro/<name>-<hash>.js`): the export's, and the
 * playing preview's.
 */
export const WEBASSEMBLY_WORKERS = ['export-worker', 'picture-worker'] as const;
export type WebAssemblyWorker = (typeof WEBASSEMBLY_WORKERS)[number];

/** Which of WEBASSEMBLY_WORKERS the script at `pathname` is, or null. */
export function webAssemblyWorkerAt(pathname: string): WebAssemblyWorker | null {
  return WEBASSEMBLY_WORKERS.find((name) => new RegExp(`^/_astro/${name}[.-][^/]*\\.js$`).test(pathname)) ?? null;
}

export function needsWebAssembly(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/\/index\.html$/, '') : pathname;
  return (WEBASSEMBLY_PAGES as readonly string[]).includes(path);
}

/**
 * Features no page of the site may use: recording happens in the extension, not in a page, so the site asks for no
 * device or sensor. Only names Chromium recognizes: an unknown one (such as `bluetooth`, which Chromium 156 does not
 * know) logs "Error with Permissions-Policy header: Unrecognized feature" on every page
 * (`tests/browser/site-console.test.ts` loads each page and fails on it).
 */
export const DENIED_FEATURES = [
  'camera',
  'microphone',
  'display-capture',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'magnetometer',
  'gyroscope',
  'accelerometer',
  'browsing-topics',
] as const;

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // The full address (it may carry ?licenseKey=) never leaves the site; other sites see the origin only.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  // For browsers without CSP frame-ancestors.
  'x-frame-options': 'DENY',
};

/** Nothing loads, nothing frames: JSON, images, styles, the manifest, opened on their own. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

interface Directives {
  readonly [name: string]: readonly string[];
}

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * What the site's code loads, shared by pages and workers. `blob:` media and images are recordings and
 * thumbnails read from IndexedDB; `data:` images are inline icons; connect to `blob:` reads a recording
 * back (the editor's exact-frame decoder fetches its object URL).
 */
const SITE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'", 'blob:'],
  'worker-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export interface DocumentPolicyInput {
  /** `sha256-…` of each inline script of the page. */
  readonly scriptHashes: readonly string[];
  /** `sha256-…` of each inline `<style>` element of the page. */
  readonly styleHashes: readonly string[];
  readonly webAssembly: boolean;
}

const quoted = (hashes: readonly string[]) => [...new Set(hashes)].sort().map((hash) => `'${hash}'`);

/** A page's policy: its own inline scripts and style elements by hash, never `unsafe-inline` scripts or eval. */
export function documentPolicy(input: DocumentPolicyInput): string {
  return serialize({
    ...SITE_DIRECTIVES,
    'script-src': ["'self'", ...quoted(input.scriptHashes), ...(input.webAssembly ? ["'wasm-unsafe-eval'"] : [])],
    'style-src': ["'self'", ...quoted(input.styleHashes)],
    // React renders `style` attributes into server-rendered HTML (positions, sizes); attributes cannot run code.
    'style-src-attr': ["'unsafe-inline'"],
  });
}

/**
 * A script's policy: it applies when the script runs as a worker (service worker, export worker, preview worker).
 * The workers that paint (`worker`) compile WebAssembly. The export worker may also start a worker from a `blob:`
 * URL: the MP3 encoder (mediabunny's LAME extension, used for an MP4's sound where the browser has no AAC encoder)
 * runs in one it makes from its own bundled code, and that worker inherits this policy, WebAssembly included.
 */
export function scriptPolicy(worker: WebAssemblyWorker | null): string {
  return serialize({
    ...SITE_DIRECTIVES,
    ...(worker === 'export-worker' ? { 'worker-src': ["'self'", 'blob:'] } : {}),
    'script-src': ["'self'", ...(worker ? ["'wasm-unsafe-eval'"] : [])],
  });
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Hashes of the inline scripts (those without `src`) and `<style>` elements of an HTML document. */
export function inlineHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  const scriptHashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    scriptHashes.push(sha256(match[2] ?? ''));
  }
  const styleHashes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) =>
    sha256(match[1] ?? ''),
  );
  return { scriptHashes, styleHashes };
}

/** The policy of an HTML document served at `pathname`. */
export function policyForDocument(pathname: string, html: string): string {
  return documentPolicy({ ...inlineHashes(html), webAssembly: needsWebAssembly(pathname) });
}

/** Long-lived for content-hashed build assets; everything else is revalidated (ETag) on every use. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
