import { registerSW } from 'virtual:pwa-register';
import { decideChunkReload, type ReloadLog } from '../../../shared/site/reload-guard';

/** How often an open page asks whether a new build was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const RELOAD_LOG_KEY = 'clickreel:chunk-reloads';

/** Service worker lifecycle as the page sees it; exposed on <html data-sw-state> for tests and support. */
export const ALL_SERVICE_WORKER_STATES = [
  'installed',
  'waiting',
  'activated',
  'offline ready',
  'need refresh',
] as const;
export type ServiceWorkerState = (typeof ALL_SERVICE_WORKER_STATES)[number];

function setState(state: ServiceWorkerState): void {
  document.documentElement.dataset.swState = state;
}

/** Follows the newest worker of a registration until it is activated (another page may have started its install). */
function followWorker(registration: ServiceWorkerRegistration): void {
  const worker = registration.installing ?? registration.waiting;
  if (!worker) {
    if (registration.active) setState('activated');
    return;
  }
  const show = () => {
    if (worker.state === 'activated') setState('activated');
    else if (worker.state === 'installed') setState(registration.active ? 'waiting' : 'installed');
  };
  show();
  worker.addEventListener('statechange', show);
}

/** Registers /sw.js (scope /). With autoUpdate, a new worker takes control and the page reloads itself. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      followWorker(registration);
      setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
    },
    onOfflineReady: () => setState('offline ready'),
    onNeedRefresh: () => setState('need refresh'),
  });
}

/** After a deploy, old pages may ask for chunks that no longer exist: reload once per path, guarded. */
export function reloadOnChunkLoadFailure(): void {
  window.addEventListener('vite:preloadError', (event) => {
    let log: ReloadLog = {};
    try {
      log = JSON.parse(sessionStorage.getItem(RELOAD_LOG_KEY) ?? '{}') as ReloadLog;
    } catch {
      // A corrupt log only means we may reload once more.
    }
    const decision = decideChunkReload(log, location.pathname, Date.now());
    sessionStorage.setItem(RELOAD_LOG_KEY, JSON.stringify(decision.log));
    if (decision.reload) {
      event.preventDefault();
      location.reload();
    }
  });
}
