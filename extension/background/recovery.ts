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
