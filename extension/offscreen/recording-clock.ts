import { type ClockLog, pauseClock, resumeClock, startClock, stopClock } from '../../shared/recording/clock';

/** Wall-clock now, the time base shared with content scripts. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/** How long start() waits for the tab's first frame before taking the recorder's start event as time 0. */
export const FIRST_FRAME_WAIT_MS = 1000;

/**
 * Recording time 0 as a wall time: when the first frame that reached the recorder was delivered (what the video's
 * first timestamp stands for), if it came within FIRST_FRAME_WAIT_MS of the recorder's start event; else that event
 * (the tab sent no frame).
 */
export function timeZero(startEventWall: number, firstFrameWall: number | null): number {
  return firstFrameWall !== null && firstFrameWall < startEventWall + FIRST_FRAME_WAIT_MS
    ? firstFrameWall
    : startEventWall;
}

/**
 * Where a recording whose tab died ends: a frame after the last frame the tab sent (what came after is a frozen
 * picture), not before the latest resume (frames keep coming while paused) nor after `now`; undefined when no frame
 * came (the caller ends it now).
 */
export function lastFrameEnd(
  lastFrameWall: number | null,
  now: number,
  frameRate: number,
  log: ClockLog | null,
): number | undefined {
  if (lastFrameWall === null) return undefined;
  const frameMs = 1000 / (frameRate || 30);
  const resumedAt = log?.pauses.at(-1)?.end ?? Number.NEGATIVE_INFINITY;
  return Math.min(now, Math.max(lastFrameWall + frameMs, resumedAt));
}

/** The recorder's clock: the log of its start, pauses and stop (shared/recording/clock.ts), null before start. */
export class RecordingClock {
  private current: ClockLog | null = null;

  /** The log as it stands (null before start). */
  get log(): ClockLog | null {
    return this.current;
  }

  start(wall: number): void {
    this.current = startClock(wall);
  }

  pause(wall: number): void {
    if (this.current) this.current = pauseClock(this.current, wall);
  }

  resume(wall: number): void {
    if (this.current) this.current = resumeClock(this.current, wall);
  }

  stop(wall: number): void {
    if (this.current) this.current = stopClock(this.current, wall);
  }
}
