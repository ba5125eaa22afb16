import type { RecorderStatus } from '../../shared/messages/extension-messages';
import {
  deleteSession,
  getSession,
  listSessions,
  putSession,
  readEvents,
  summarizeChunks,
} from '../storage/recording-db';
import { assembleRecording } from './assemble-recording';
import { decideRecovery } from './recovery';

/**
 * Turns stored sessions into recordings: builds the recording from the saved chunks and events and stores it
 * with the session. Two finalizations of one session (a stop racing a recovery) share one build.
 */
export class SessionFinalizer {
  private running = new Map<string, Promise<void>>();

  /** Builds and stores the recording of a session; false when nothing playable was saved (it is then deleted). */
  finalize(sessionId: string, recovered: boolean): Promise<boolean> {
    const finished = async () => (await getSession(sessionId))?.state === 'finished';
    const running = this.running.get(sessionId);
    if (running) return running.then(finished);
    const work = (async () => {
      const session = await getSession(sessionId);
      if (!session || session.state === 'finished') return;
      const [events, chunks] = await Promise.all([readEvents(sessionId), summarizeChunks(sessionId)]);
      const result = assembleRecording(session, events, chunks, recovered);
      if (!result.ok) {
        await deleteSession(sessionId);
        return;
      }
      await putSession({ ...session, state: 'finished', recovered, recording: result.recording });
    })();
    this.running.set(sessionId, work);
    return work.then(async () => {
      this.running.delete(sessionId);
      return finished();
    });
  }

  /**
   * Sessions left active by a crash or a browser restart become recoverable recordings (the live one, when its
   * recorder still runs, is left alone; one without any saved video is dropped). Returns the recovered ids.
   */
  async recoverStored(live: { sessionId: string | null; recorderAlive: boolean }): Promise<string[]> {
    const recovered: string[] = [];
    for (const session of await listSessions()) {
      const chunks = await summarizeChunks(session.id);
      const decision = decideRecovery(session, live, chunks.video.count);
      if (decision === 'recover') {
        if (await this.finalize(session.id, true)) recovered.push(session.id);
      } else if (decision === 'discard') {
        await deleteSession(session.id);
      }
    }
    return recovered;
  }
}

/** Finished recordings waiting for the editor (the controls list them with an Open button). */
export async function pendingRecordings(): Promise<RecorderStatus['pending']> {
  return (await listSessions())
    .filter((session) => session.state === 'finished' && session.recording)
    .map((session) => ({ id: session.id, name: session.recording?.name ?? '', recovered: session.recovered }));
}
