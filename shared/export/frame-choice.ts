/**
 * Which source frame each output frame shows, chosen in one forward pass over the frames in presentation order.
 * Reading forward works on every file a user has (MediaRecorder WebM without an index or a duration, variable
 * frame rate, B-frames, a first frame that is not at 0), where looking frames up by timestamp does not.
 */

/** Anything with a presentation time, in seconds (a decoded frame, a packet). */
export interface Timed {
  readonly timestamp: number;
}

/** The frame showing at one requested time. */
export interface ShownFrame<T> {
  /** Borrowed: valid until the next frame is asked for (the chooser releases frames it passes over). */
  readonly frame: T;
  /** How long this frame had been showing at the requested time, seconds (0 before the first frame). */
  readonly age: number;
}

/**
 * Timestamps this close (seconds) count as the same instant: container time bases round (1 ms in WebM, 1/15360 s
 * in many MP4s), and a frame stamped at 33.3 ms is the one to show at 1/30 s.
 */
export const SAME_INSTANT_SECONDS = 0.0005;

/**
 * For each time in `times` (non-decreasing, seconds on the source's clock), the frame showing then: the last frame
 * whose timestamp is at or before it. Before the first frame, the first frame (a missing frame is never empty).
 * `frames` is read once, in presentation order, and no further than one frame past the last time; every frame read
 * is handed to `release` exactly once, when no later time can show it or when the generator ends. Yields nothing when the source has no frame at all.
 */
export async function* framesShowingAt<T extends Timed>(
  frames: AsyncIterable<T>,
  times: Iterable<number>,
  release: (frame: T) => void,
): AsyncGenerator<ShownFrame<T>, void, unknown> {
  const iterator = frames[Symbol.asyncIterator]();
  let current: T | null = null;
  let next: T | null = null;
  let ended = false;
  const pull = async (): Promise<T | null> => {
    if (ended) return null;
    const result = await iterator.next();
    if (result.done) {
      ended = true;
      return null;
    }
    return result.value;
  };
  try {
    next = await pull();
    for (const time of times) {
      if (current === null) {
        if (next === null) return;
        current = next;
        next = await pull();
      }
      // Step forward while the following frame has started by `time`.
      while (next !== null && next.timestamp <= time + SAME_INSTANT_SECONDS) {
        release(current);
        current = next;
        next = await pull();
      }
      yield { frame: current, age: Math.max(0, time - current.timestamp) };
    }
  } finally {
    if (current) release(current);
    if (next) release(next);
    await iterator.return?.();
  }
}

/**
 * Whether a frame shown `age` seconds after it started is held: it should have been replaced by then, one frame
 * interval after it came (with the container's rounding allowed).
 */
export function isHeld(age: number, frameInterval: number): boolean {
  return age > frameInterval + 2 * SAME_INSTANT_SECONDS;
}

/**
 * The interval (seconds) past which a shown frame counts as held: one frame of the output or of the source,
 * whichever is longer (a 30 fps source exported at 60 shows each frame twice, and that is no hold).
 */
export function holdInterval(outputFrameRate: number, sourceFrameRate: number): number {
  return 1 / Math.min(outputFrameRate, sourceFrameRate > 0 ? sourceFrameRate : outputFrameRate);
}

/** How many of the requested times a source with frames at `timestamps` (any order) shows a held frame. */
export async function heldFramesOf(
  timestamps: readonly number[],
  times: Iterable<number>,
  frameInterval: number,
): Promise<number> {
  const sorted = [...timestamps].sort((a, b) => a - b).map((timestamp) => ({ timestamp }));
  let held = 0;
  for await (const shown of framesShowingAt(toAsync(sorted), times, () => undefined)) {
    if (isHeld(shown.age, frameInterval)) held++;
  }
  return held;
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
