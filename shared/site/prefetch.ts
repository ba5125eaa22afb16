/** Prefetching waits this long after the page has loaded, so it never competes with the page itself. */
export const PREFETCH_DELAY_MS = 1000;

/** At most this many route preloads run at once. */
export const MAX_CONCURRENT_ROUTE_PRELOADS = 5;

/** What the Network Information API tells about the connection (absent in some browsers). */
export interface ConnectionHints {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Connections too slow to spend on anything the user did not ask for. */
const SLOW_CONNECTION_TYPES: readonly string[] = ['slow-2g', '2g'];

/** Why prefetching is left out on this connection, or null when it may run. */
export function prefetchSkipReason(connection: ConnectionHints | undefined): 'save-data' | '2g' | null {
  if (connection?.saveData) return 'save-data';
  if (connection?.effectiveType && SLOW_CONNECTION_TYPES.includes(connection.effectiveType)) return '2g';
  return null;
}

/** A fast connection the user did not ask to spare: worth filling the offline cache on without being asked. */
export function isFastConnection(connection: ConnectionHints | undefined): boolean {
  return prefetchSkipReason(connection) === null && (connection?.effectiveType ?? '4g') === '4g';
}

/**
 * The routes worth preloading from a page: the same-origin links it shows to other prerendered routes, each once,
 * in page order.
 */
export function routesToPreload(links: readonly URL[], origin: string, current: string, routes: readonly string[]) {
  const known = new Set(routes);
  const picked: string[] = [];
  for (const link of links) {
    const path = link.pathname.replace(/(.)\/+$/, '$1');
    if (link.origin !== origin || path === current || !known.has(path) || picked.includes(path)) continue;
    picked.push(path);
  }
  return picked;
}

/**
 * Runs `task` on every item with at most `limit` running at once; resolves when all have settled (a failed task is
 * reported to `onError` and does not stop the others).
 */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
  onError: (item: T, error: unknown) => void = () => undefined,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        onError(item, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}
