import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROUTES, pageScripts, scriptsReached } from '../../../shared/site/offline-cache';

/** A precache entry as workbox-build hands it to a manifest transform (url relative to the client folder). */
interface BuiltEntry {
  url: string;
  revision: string | null;
  size: number;
  /** The editor's code: the service worker caches it when a page needs it, not when it installs. */
  onDemand?: boolean;
}

/** The route a built page answers ('index.html' → '/', 'install/index.html' → 'install'), as the worker precaches it. */
function pageRoute(file: string): string {
  if (file === 'index.html') return '/';
  return file.replace(/\/index\.html$|\.html$/, '');
}

/**
 * The build's precache manifest, made from what the pages really load: every script a page other than the editor's
 * starts with, and everything those import, is the shell the worker installs; the rest of the scripts (the editor's
 * code) are marked `onDemand`. Pages are listed by route. (This replaces @vite-pwa/astro's own transform, which only
 * maps pages to routes, since the plugin adds its own only when none is given.)
 */
export function precacheManifestTransform(clientDir: string) {
  return async (entries: BuiltEntry[]) => {
    const read = (path: string) => {
      try {
        return readFileSync(join(clientDir, path), 'utf8');
      } catch {
        return undefined;
      }
    };
    const pages = entries.filter((entry) => entry.url.endsWith('.html'));
    const roots = pages
      .filter((page) => !APP_ROUTES.includes(`/${pageRoute(page.url)}`))
      .flatMap((page) => pageScripts(read(page.url) ?? ''));
    const shell = scriptsReached(roots, read);
    const manifest = entries.map((entry) => {
      if (entry.url.endsWith('.html')) return { ...entry, url: pageRoute(entry.url) };
      if (entry.url.endsWith('.js') && !shell.has(`/${entry.url}`)) return { ...entry, onDemand: true };
      return entry;
    });
    return { manifest, warnings: [] };
  };
}
