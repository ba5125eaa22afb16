/** A path is reloaded at most once in this window after a chunk failed to load. */
export const RELOAD_GUARD_WINDOW_MS = 10_000;

/** When each path was last reloaded because of a chunk load failure (epoch ms). */
export type ReloadLog = Readonly<Record<string, number>>;

/**
 * Decides whether a chunk load failure on `path` should reload the page, and the log to keep.
 * A reload that already happened within the window would only loop, so it is refused.
 */
export function decideChunkReload(log: ReloadLog, path: string, now: number): { reload: boolean; log: ReloadLog } {
  const last = log[path];
  if (last !== undefined && now - last < RELOAD_GUARD_WINDOW_MS) return { reload: false, log };
  // Old entries are dropped so the log stays small.
  const kept = Object.fromEntries(Object.entries(log).filter(([, at]) => now - at < RELOAD_GUARD_WINDOW_MS));
  return { reload: true, log: { ...kept, [path]: now } };
}
