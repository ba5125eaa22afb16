import type { SessionRecord } from '../storage/recording-db';

/** What to do with a stored session when the service worker starts or the recorder disappears. */
export type RecoveryDecision = 'keep-running' | 'recover' | 'discard' | 'pending';

/**
 * Decides the fate of a stored session. An active session is still running only when it is the one
 * the background knows as live and the offscreen recorder exists; otherwise it is recovered from what
 * was saved (or dropped when no video was saved at all). Finished sessions wait for the site.
 */
export function decideRecovery(
  session: Pick<SessionRecord, 'id' | 'state'>,
  live: { sessionId: string | null; recorderAlive: boolean },
  savedVideoChunks: number,
): RecoveryDecision {
  if (session.state === 'finished') return 'pending';
  if (live.sessionId === session.id && live.recorderAlive) return 'keep-running';
  return savedVideoChunks > 0 ? 'recover' : 'discard';
}

/**
 * Whether a tab's page crashed: the tab is still there but its renderer is gone. Chromium then reports it
 * `unloaded`, as it does a tab discarded to save memory, which says so (`discarded`); a navigating tab is
 * `loading`, a still page `complete`.
 */
export function tabCrashed(tab: Pick<chrome.tabs.Tab, 'status' | 'discarded'> | null): boolean {
  return tab !== null && tab.status === 'unloaded' && !tab.discarded;
}
