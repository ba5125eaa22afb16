import { wallNow } from './recording-clock';

/** Chrome's insertable-streams reader of a video track (mediacapture-transform), not in TypeScript's DOM types. */
declare class MediaStreamTrackProcessor {
  constructor(init: { track: MediaStreamTrack });
  readonly readable: ReadableStream<VideoFrame>;
}

/**
 * How long without a frame before the background is asked to look at the tab. A still page sends no
 * frames either, so a stall alone stops nothing: the background checks whether the tab's renderer died.
 */
export const FRAME_STALL_MS = 1000;

/** Called while no frame of the tab arrives for FRAME_STALL_MS (repeated), with when the last one did. */
export type StallListener = (lastFrameWall: number | null) => void;

/** Notes when each frame of the recorded tab arrives, and reports stalls. */
export class FrameWatch {
  /** Wall time the last frame of the tab arrived. */
  lastFrameWall: number | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private stopReading: (() => void) | null = null;

  constructor(private readonly onStall: StallListener) {}

  /**
   * Watches the frames of `track` on a clone, so the recording is untouched; resolves with the first one's wall
   * time (null when the browser cannot watch frames, or stops before one comes).
   */
  watch(track: MediaStreamTrack | undefined): Promise<number | null> {
    if (!track || typeof MediaStreamTrackProcessor === 'undefined') return Promise.resolve(null);
    const clone = track.clone();
    const reader = new MediaStreamTrackProcessor({ track: clone }).readable.getReader();
    let watching = true;
    this.stopReading = () => {
      watching = false;
      void reader.cancel().catch(() => undefined);
      clone.stop();
    };
    return new Promise<number | null>((resolveFirst) => {
      void (async () => {
        while (watching) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) break;
          const wall = wallNow();
          value?.close();
          this.lastFrameWall = wall;
          resolveFirst(wall);
        }
        resolveFirst(null);
      })();
    });
  }

  /** Reports every FRAME_STALL_MS without a frame of the tab since `startWall`. */
  startWatchdog(startWall: number): void {
    this.lastFrameWall = Math.max(this.lastFrameWall ?? startWall, startWall);
    this.watchdog = setInterval(() => {
      const last = this.lastFrameWall;
      if (last === null || wallNow() - last >= FRAME_STALL_MS) this.onStall(last);
    }, FRAME_STALL_MS / 2);
  }

  /** Stops watching (the last frame's time stays). */
  stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.stopReading?.();
    this.stopReading = null;
  }
}
