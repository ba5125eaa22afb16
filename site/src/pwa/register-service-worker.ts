import { registerSW } from 'virtual:pwa-register';
import { decideChunkReload, type ReloadLog } from '../../../shared/site/reload-guard';
import { onTakeover, type ServiceWorkerState } from '../../../shared/site/service-worker-states';
import { pendingNavigation, watchForNewBuild } from './build-updates';
import { fillOfflineCache } from './offline-fill';
import { pageActivities } from './page-activity';
import { showServiceWorkerState } from './update-notice';

const RELOAD_LOG_KEY = 'clickreel:chunk-reloads';

/** Follows the newest worker of a registration until it is activated (another page may have started its install). */
function followWorker(registration: ServiceWorkerRegistration, show: (state: ServiceWorkerState) => void): void {
  const worker = registration.installing ?? registration.waiting;
  if (!worker) {
    if (registration.active) show('activated');
    return;
  }
  const update = () => {
    if (worker.state === 'activated') show('activated');
    else if (worker.state === 'installed') show(registration.active ? 'waiting' : 'installed');
  };
  update();
  worker.addEventListener('statechange', update);
}

/**
 * Registers /sw.js (scope /) in prompt mode: a new version waits until the user chooses Reload in the notice. When
 * another tab's Reload lets it take control here, an idle page reloads; a page editing or exporting keeps running
 * and offers Reload instead.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let stateShown: ServiceWorkerState | undefined;
  let registration: ServiceWorkerRegistration | undefined;
  /** The user chose Reload on this page: the new version's takeover reloads it whatever it was doing. */
  let reloadChosen = false;
  const reload = () => {
    reloadChosen = true;
    // A version that already took control (from another tab) needs only the page reloaded.
    if (registration?.waiting) void updateServiceWorker(true);
    else window.location.reload();
  };
  const show = (state: ServiceWorkerState) => {
    // Once a new version is offered, lifecycle noise of the old one does not take the offer away.
    if (stateShown === 'need refresh' && state !== 'need refresh') {
      document.documentElement.dataset.swState = state;
      return;
    }
    stateShown = state;
    showServiceWorkerState(state, reload);
  };
  onControllerChange(() => {
    const navigation = pendingNavigation();
    if (navigation) window.location.assign(navigation);
    else if (reloadChosen || onTakeover(pageActivities()) === 'reload') window.location.reload();
    else show('need refresh');
  });
  const updateServiceWorker = registerSW({
    immediate: true,
    onRegisteredSW(_url, registered) {
      if (!registered) return;
      registration = registered;
      followWorker(registered, show);
      watchForNewBuild(registered);
      fillOfflineCache();
    },
    onOfflineReady: () => show('offline ready'),
    onNeedRefresh: () => show('need refresh'),
    // Takeovers are handled by onControllerChange: workbox-window counts one as an update only if this page was controlled when
    // it loaded, which a first visit is not.
    onNeedReload: () => undefined,
  });
}

/** The worker that controlled this page last; a change from one to another is a new version taking over. */
let controller: ServiceWorker | null = null;

function onControllerChange(takeover: () => void): void {
  controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    // The first worker claiming a page that had none brings no new version.
    if (previous) takeover();
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
