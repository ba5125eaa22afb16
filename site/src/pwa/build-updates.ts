import { SiteError } from '../../../shared/errors/domain-errors';
import { BUILD_CHECK_INTERVAL_MS, isNewBuild, latestBuildUrl, parseBuildInfo } from '../../../shared/site/builds';
import { clampTimerDelay } from '../../../shared/site/timers';

/** How long a navigation waits for the old version to let go of this site before going on anyway. */
const LEAVE_WAIT_MS = 2000;

let navigatingTo: string | null = null;

/** Where the page is going after a click that met a new build (a takeover meanwhile navigates there, not reloads). */
export function pendingNavigation(): string | null {
  return navigatingTo;
}

/** This page's build, stamped on <html data-build-id> by the layout. */
function currentBuildId(): string | undefined {
  return document.documentElement.dataset.buildId;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, clampTimerDelay(ms)));
}

/** The same-origin page a click leaves for, when the browser would load a new document in this tab. */
function navigationOf(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return null;
  // A link to a place on this same page is not a navigation.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
  return url;
}

/**
 * Asks now and then (and when the tab comes back into view) which build is deployed, with a cache-busting timestamp.
 * When it is not this page's, nothing happens under the user: the next navigation loads the new build from the
 * server, and that page installs the new version. A failed check is only logged.
 */
export function watchForNewBuild(registration: ServiceWorkerRegistration): void {
  const current = currentBuildId();
  if (!current) return;
  let outdated = false;
  const check = async () => {
    if (outdated) return;
    try {
      const response = await fetch(latestBuildUrl(Date.now()), { cache: 'no-store' });
      if (!response.ok) throw new SiteError('http-status', `HTTP ${response.status}`, { status: response.status });
      const latest = parseBuildInfo(await response.json());
      if (!latest || !isNewBuild(current, latest)) return;
      outdated = true;
      document.documentElement.dataset.newBuild = latest.id;
      // Fetch the new version now: the page offers it ("A new version is available", with Reload).
      await registration.update().catch(() => undefined);
    } catch (error) {
      console.warn('Could not check for a new build:', error);
    }
  };
  setInterval(() => void check(), clampTimerDelay(BUILD_CHECK_INTERVAL_MS));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  document.addEventListener('click', (event) => {
    if (!outdated || navigatingTo) return;
    const url = navigationOf(event);
    if (!url) return;
    // Offline, the version in hand is the only one there is: the link opens from it as usual.
    if (!navigator.onLine) return;
    event.preventDefault();
    navigatingTo = url.href;
    // The old version would answer the next page from its cache. Unregistered, it no longer answers navigations
    // (this page keeps it until it leaves), so the next page comes from the server and registers the new version.
    // Waiting for the new version to install and take over instead held the click for seconds, and on a loaded
    // machine once for over a minute.
    void Promise.race([registration.unregister(), delay(LEAVE_WAIT_MS)])
      .catch(() => undefined)
      .finally(() => window.location.assign(url.href));
  });
}
