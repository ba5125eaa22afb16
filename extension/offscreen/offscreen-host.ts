import { RecordingError } from '../../shared/errors/domain-errors';
import {
  type BackgroundMessage,
  type OffscreenMessage,
  type OffscreenReply,
  offscreenMessageSchema,
} from '../../shared/messages/extension-messages';
import { elapsedRecordingTime } from '../../shared/recording/clock';
import { wallNow } from './recording-clock';
import { TabRecorder } from './tab-recorder';

/** Name of the port the offscreen document keeps open to the background, so the background sees it die. */
export const RECORDER_PORT_NAME = 'clickreel-recorder';

/**
 * The offscreen document's side: runs at most one TabRecorder, answers the background's commands,
 * reports elapsed time every second (it drives the badge and keeps the service worker awake).
 */
export class OffscreenHost {
  private recorder: TabRecorder | null = null;
  private sessionId: string | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly send: (message: BackgroundMessage) => void) {}

  /** Handles a runtime message; returns undefined for messages meant for someone else. */
  handle(raw: unknown): Promise<OffscreenReply> | undefined {
    const parsed = offscreenMessageSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    return this.run(parsed.data).catch((error: unknown) => ({
      ok: false,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }));
  }

  private async run(message: OffscreenMessage): Promise<OffscreenReply> {
    switch (message.type) {
      case 'prepare': {
        if (this.recorder) await this.recorder.discard();
        const { sessionId } = message.request;
        this.sessionId = sessionId;
        this.recorder = new TabRecorder(
          message.request,
          (reason, text, stoppedAt) => {
            this.stopTicker();
            this.send({ to: 'background', type: 'recorder-ended', sessionId, reason, message: text, stoppedAt });
          },
          // No frames for a while: the background looks at whether the tab's renderer died.
          (lastFrameWall) => this.send({ to: 'background', type: 'frames-stalled', sessionId, lastFrameWall }),
        );
        return this.recorder.prepare();
      }
      case 'start': {
        const recorder = this.need();
        const { wall, webcamOffsetMs } = await recorder.start();
        this.startTicker();
        return { ok: true, wall, webcamOffsetMs };
      }
      case 'pause':
        return { ok: true, wall: this.need().pause() };
      case 'resume':
        return { ok: true, wall: this.need().resume() };
      case 'stop': {
        const recorder = this.need();
        const wall = await (message.atLastFrame ? recorder.stopAtLastFrame() : recorder.stop());
        this.stopTicker();
        this.recorder = null;
        return { ok: true, wall };
      }
      case 'discard':
        this.stopTicker();
        await this.recorder?.discard();
        this.recorder = null;
        return { ok: true };
    }
  }

  private need(): TabRecorder {
    if (!this.recorder) throw new RecordingError('not-recording', 'No recording in progress.');
    return this.recorder;
  }

  private startTicker(): void {
    this.stopTicker();
    this.ticker = setInterval(() => {
      const clock = this.recorder?.clockLog;
      if (!clock || !this.sessionId) return;
      this.send({
        to: 'background',
        type: 'tick',
        sessionId: this.sessionId,
        elapsedMs: elapsedRecordingTime(clock, wallNow()),
      });
    }, 1000);
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }
}
