import { BUILD_CHECK_INTERVAL_MS, isNewBuild, latestBuildUrl, parseBuildInfo } from '../../../shared/site/builds';
import { clampTimerDelay } from '../../../shared/site/timers';

/**
 * How long a navigation waits, in all, for the new version's service worker to install and take control before going
 * on without it (the page then comes from the version that controls it now).
 */
const TAKEOVER_WAIT_MS = 10_000;

let navigatingTo: string | null = null;

/** Where the page is going while a new version takes over (its takeover then navigates there, not reloads). */
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

/** The worker of a new version that waits, once it has installed (null if none has). */
async function waitingWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.waiting) return registration.waiting;
  // An install already under way (the check started one) finishes before this update settles.
  await registration.update().catch(() => undefined);
  const installing = registration.installing;
  if (installing)
    await new Promise<void>((resolve) => {
      const onChange = () => {
        if (installing.state === 'installed' || installing.state === 'redundant') resolve();
      };
      installing.addEventListener('statechange', onChange);
      onChange();
    });
  return registration.waiting;
}

/** Lets the new version's service worker take control, so the next page comes from the new build. */
async function takeNewVersion(registration: ServiceWorkerRegistration): Promise<void> {
  const waiting = await waitingWorker(registration);
  if (!waiting) return;
  const controlled = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
  waiting.postMessage({ type: 'SKIP_WAITING' });
  await controlled;
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
 * When it is not this page's, nothing happens under the user: the next navigation lets the new version take over
 * and loads the new build. A failed check is only logged.
 */
export function watchForNewBuild(registration: ServiceWorkerRegistration): void {
  const current = currentBuildId();
  if (!current) return;
  let outdated = false;
  const check = async () => {
    if (outdated) return;
    try {
      const response = await fetch(latestBuildUrl(Date.now()), { cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const latest = parseBuildInfo(await response.json());
      if (!latest || !isNewBuild(current, latest)) return;
      outdated = true;
      document.documentElement.dataset.newBuild = latest.id;
      // Start installing the new version now, so the next navigation does not wait for it.
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
    event.preventDefault();
    navigatingTo = url.href;
    // One deadline for the whole takeover: a slow install or a busy old worker never holds the click for long.
    void Promise.race([takeNewVersion(registration), delay(TAKEOVER_WAIT_MS)]).finally(() =>
      window.location.assign(url.href),
    );
  });
}
