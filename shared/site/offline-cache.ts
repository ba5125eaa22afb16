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
 * Whether a precache entry belongs to the shell every page needs (pages, styles, images, the registration script)
 * rather than to the editor's code (React islands, media and export code), which is cached on demand.
 */
export function isShellAsset(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  if (!path.replace(/^\//, '').startsWith('_astro/') || !path.endsWith('.js')) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return SHELL_SCRIPTS.some((prefix) => name.startsWith(prefix));
}

/** The scripts of the default layout (service worker registration, update checks, prefetch) and their imports. */
const SHELL_SCRIPTS: readonly string[] = [
  'Default.astro_astro_type_script',
  'workbox-window',
  'preload-helper',
  'page-activity',
];
