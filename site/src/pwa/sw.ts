import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CACHE_APP_MESSAGE, type CacheAppReply } from './messages';

// The worker's globals, declared here: the WebWorker lib would clash with the DOM lib the rest of the project uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
declare const self: {
  readonly location: Location;
  /** The build's precache manifest; `onDemand` marks the editor's code (site/src/pwa/precache-manifest.ts). */
  readonly __WB_MANIFEST: (PrecacheEntry & { onDemand?: boolean })[];
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
};

/** The editor's code (hashed file names, so a cached copy is never stale), cached on demand. */
const APP_CACHE = 'clickreel-app';

// Named once: the build injects the manifest at the one place this name appears.
const manifest = self.__WB_MANIFEST;
const shell = manifest.filter((entry) => !entry.onDemand).map(({ url, revision }) => ({ url, revision }));
const appUrls = manifest.filter((entry) => entry.onDemand).map((entry) => new URL(entry.url, self.location.href).href);

// Installing caches the shell only: a first visit to the landing page stays light.
precacheAndRoute(shell);
cleanupOutdatedCaches();

// The editor's code: from the cache once there (offline), else from the network (and kept).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({ cacheName: APP_CACHE }),
);

/** Caches every file of the editor's code not cached yet; says how many it holds. */
async function cacheApp(): Promise<CacheAppReply> {
  const cache = await caches.open(APP_CACHE);
  const missing: string[] = [];
  for (const url of appUrls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
  return { type: 'app-cached', files: appUrls.length };
}

/** Drops files of older builds from the editor's cache. */
async function dropOldAppFiles(): Promise<void> {
  const cache = await caches.open(APP_CACHE);
  const current = new Set(appUrls);
  for (const request of await cache.keys()) {
    if (!current.has(request.url) && !shell.some((entry) => request.url.endsWith(entry.url)))
      await cache.delete(request);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  // Prompt mode: a new version waits until the user chooses Reload.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === CACHE_APP_MESSAGE) {
    const port = event.ports[0];
    event.waitUntil(
      cacheApp().then(
        (reply) => port?.postMessage(reply),
        (error: unknown) =>
          port?.postMessage({ type: 'app-cache-failed', message: String(error) } satisfies CacheAppReply),
      ),
    );
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldAppFiles().then(() => self.clients.claim()));
});
