import { SiteError } from '../../../shared/errors/domain-errors';
import { OFFLINE_FILL_DELAY_MS, offlineFillTiming } from '../../../shared/site/offline-cache';
import type { ConnectionHints } from '../../../shared/site/prefetch';
import { clampTimerDelay } from '../../../shared/site/timers';
import { CACHE_APP_MESSAGE, type CacheAppReply } from './messages';

function connection(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 0);
  });
}

/** Asks the active service worker to cache the editor's code; resolves with its answer. */
async function askToCacheApp(): Promise<CacheAppReply> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) throw new SiteError('no-service-worker', 'no active service worker');
  const channel = new MessageChannel();
  const reply = new Promise<CacheAppReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<CacheAppReply>) => resolve(event.data);
  });
  worker.postMessage({ type: CACHE_APP_MESSAGE }, [channel.port2]);
  return reply;
}

/**
 * Caches the editor's code for offline use: on /editor and /recordings once the page has loaded and the browser is
 * idle (the page's own first paint comes first); elsewhere only after a while of idle time on a fast connection the
 * user did not ask to spare. Progress on <html data-offline-cache>.
 */
export function fillOfflineCache(): void {
  const timing = offlineFillTiming(location.pathname, connection());
  if (timing === 'never') return;
  const root = document.documentElement;
  void (async () => {
    await afterLoad();
    if (timing === 'when idle')
      await new Promise((resolve) => setTimeout(resolve, clampTimerDelay(OFFLINE_FILL_DELAY_MS)));
    await whenIdle();
    root.dataset.offlineCache = 'filling';
    try {
      const reply = await askToCacheApp();
      if (reply.type === 'app-cache-failed') throw new SiteError('cache-failed', reply.message);
      root.dataset.offlineCache = 'ready';
    } catch (error) {
      root.dataset.offlineCache = 'failed';
      console.warn('Could not cache the editor for offline use:', error);
    }
  })();
}
