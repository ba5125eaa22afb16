import { type ConnectionHints, isFastConnection } from './prefetch';

/** Pages that need the editor's code: visiting one caches it all for offline use. */
export const APP_ROUTES: readonly string[] = ['/editor', '/recordings'];

/** On other pages, the editor's code is cached only after the visitor has stayed this long, and only when idle. */
export const OFFLINE_FILL_DELAY_MS = 30_000;

/**
 * When a page fills the offline cache with the editor's code: at once on the editor and the library; after a while
 * of idle time on a fast connection the user did not ask to spare; else never (the landing page stays light).
 */
export function offlineFillTiming(
  path: string,
  connection: ConnectionHints | undefined,
): 'now' | 'when idle' | 'never' {
  const normalized = path.replace(/(.)\/+$/, '$1');
  if (APP_ROUTES.includes(normalized)) return 'now';
  return isFastConnection(connection) ? 'when idle' : 'never';
}

/**
 * Module specifiers a script imports by name: `import "x"`, `import … from "x"` and `import("x")` (a page that works
 * offline needs what it may load later too, such as the layout's service-worker registration).
 */
export function importedScripts(code: string): string[] {
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*\(?\s*["']([^"']+\.m?js)["']/g)].map((match) => match[1] as string);
}

/**
 * The scripts a page starts with, as the page names them: its module scripts (by address, or what an inline one
 * imports) and the code of its islands.
 */
export function pageScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = tag[1] ?? '';
    if (!/\btype="module"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) scripts.push(src);
    scripts.push(...importedScripts(tag[2] ?? ''));
  }
  for (const island of html.matchAll(/\b(?:component|renderer|before-hydration)-url="([^"]+)"/g))
    scripts.push(island[1] as string);
  return scripts;
}

/**
 * Every script reached from `roots` (site paths) through imports, as site paths. `codeOf` gives a script's
 * code by path (undefined for one the build does not hold, which is then not followed).
 */
export function scriptsReached(roots: Iterable<string>, codeOf: (path: string) => string | undefined): Set<string> {
  const reached = new Set<string>();
  const queue: string[] = [];
  const add = (specifier: string, from: string) => {
    const url = new URL(specifier, new URL(from, 'https://site.invalid/'));
    if (url.origin !== 'https://site.invalid' || reached.has(url.pathname)) return;
    reached.add(url.pathname);
    queue.push(url.pathname);
  };
  for (const root of roots) add(root, '/');
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const specifier of importedScripts(codeOf(path) ?? '')) add(specifier, path);
  }
  return reached;
}
