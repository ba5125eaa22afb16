import { outputDurationMs, outputTimeAt, sourceTimeAt, type TimelineEdits } from './timeline';

/**
 * The preview's one clock: playback is a position in output time (the edited video's time, cuts left out) that
 * advances with the wall clock; the playhead is its source time, and the media follows the playhead. Pure, so the
 * preview's timing is tested without a browser.
 */
export interface PlaybackClock {
  /** Output time when the clock last (re)started, ms. */
  readonly fromOutputMs: number;
  /** Wall time (performance.now()) of that start, ms. */
  readonly fromWallMs: number;
}

/** Where playback stands: the playhead (source time) and whether the edited video has ended. */
export interface PlaybackPosition {
  readonly outputMs: number;
  readonly sourceMs: number;
  readonly ended: boolean;
}

/** Starts the clock at the playhead, or at the trim start when the playhead stands at (or past) the end. */
export function startClock(edits: TimelineEdits, playheadMs: number, wallMs: number): PlaybackClock {
  const output = outputTimeAt(edits, playheadMs);
  return { fromOutputMs: output >= outputDurationMs(edits) - 1 ? 0 : output, fromWallMs: wallMs };
}

/** The position at wall time `wallMs`. */
export function clockPosition(edits: TimelineEdits, clock: PlaybackClock, wallMs: number): PlaybackPosition {
  const end = outputDurationMs(edits);
  const outputMs = Math.min(end, clock.fromOutputMs + Math.max(0, wallMs - clock.fromWallMs));
  return { outputMs, sourceMs: sourceTimeAt(edits, outputMs), ended: outputMs >= end };
}

/**
 * The clock held at its position of `wallMs` until then: while the media is still loading the clock waits for it,
 * rather than the picture and sound falling behind the playhead.
 */
export function holdClock(edits: TimelineEdits, clock: PlaybackClock, heldSinceMs: number, wallMs: number) {
  return { fromOutputMs: clockPosition(edits, clock, heldSinceMs).outputMs, fromWallMs: wallMs };
}
