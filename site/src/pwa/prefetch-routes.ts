import { SiteError } from '../../../shared/errors/domain-errors';
import { buildManifestUrl, parseBuildManifest } from '../../../shared/site/builds';
import {
  type ConnectionHints,
  MAX_CONCURRENT_ROUTE_PRELOADS,
  PREFETCH_DELAY_MS,
  prefetchSkipReason,
  routesToPreload,
  runLimited,
} from '../../../shared/site/prefetch';
import { clampTimerDelay } from '../../../shared/site/timers';

/**
 * About a second after the page has loaded (never on save-data or 2g), reads this build's manifest and preloads the
 * prerendered pages this page links to, at most 5 at once, so following a link is instant. A failed fetch of the
 * manifest is only logged. Outcome on <html data-prefetch>.
 */
export function prefetchRoutesAfterLoad(): void {
  const root = document.documentElement;
  const buildId = root.dataset.buildId;
  const start = async () => {
    const skip = prefetchSkipReason((navigator as Navigator & { connection?: ConnectionHints }).connection);
    if (skip) {
      root.dataset.prefetch = `skipped: ${skip}`;
      return;
    }
    if (!buildId) return;
    root.dataset.prefetch = 'running';
    let routes: readonly string[];
    try {
      const response = await fetch(buildManifestUrl(buildId));
      if (!response.ok) throw new SiteError('http-status', `HTTP ${response.status}`, { status: response.status });
      const manifest = parseBuildManifest(await response.json());
      if (!manifest) throw new SiteError('unexpected-answer', 'not a build manifest');
      routes = manifest.routes;
    } catch (error) {
      console.warn('Could not fetch the build manifest:', error);
      root.dataset.prefetch = 'no manifest';
      return;
    }
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => new URL(a.href));
    const paths = routesToPreload(links, location.origin, location.pathname, routes);
    // A preload runs until its body has arrived (fetch resolves on the headers): only then may the next start.
    await runLimited(paths, MAX_CONCURRENT_ROUTE_PRELOADS, async (path) => {
      const response = await fetch(path, { priority: 'low' } as RequestInit);
      await response.arrayBuffer();
    });
    root.dataset.prefetch = `done: ${paths.length}`;
  };
  const schedule = () => setTimeout(() => void start(), clampTimerDelay(PREFETCH_DELAY_MS));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
