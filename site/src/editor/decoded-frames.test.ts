import { describe, expect, test } from 'vitest';
import { framesShowingAt } from '../../../shared/export/frame-choice';
import { DecodedFrames, type KeepableFrame } from './decoded-frames';

/** A frame that counts its open copies, as a VideoSample holds its VideoFrame until every copy is closed. */
class FakeFrame implements KeepableFrame<FakeFrame> {
  readonly codedWidth = 100;
  readonly codedHeight = 100;
  private closed = false;
  constructor(
    readonly timestamp: number,
    private readonly open: Set<FakeFrame>,
  ) {
    open.add(this);
  }
  clone(): FakeFrame {
    if (this.closed) throw new Error('clone of a closed frame');
    return new FakeFrame(this.timestamp, this.open);
  }
  close(): void {
    this.closed = true;
    this.open.delete(this);
  }
}

/** 100×100 frames take 15 000 bytes each. */
const FRAME_BYTES = 15_000;
/** A WebM's 30 fps frame times: whole milliseconds (frame 2 at 0.067 s, not 0.0666…). */
const WEBM_TIMES = Array.from({ length: 30 }, (_, i) => Math.round((i * 1000) / 30) / 1000);

/** Keeps frames `from` to `to` (exclusive) of `times`, each showing until the next of `times` starts. */
function keep(
  cache: DecodedFrames<FakeFrame>,
  open: Set<FakeFrame>,
  times: readonly number[],
  { from = 0, to = times.length, near = 0 } = {},
) {
  for (let i = from; i < to; i++) {
    const frame = new FakeFrame(times[i] as number, open);
    cache.add(frame, times[i + 1] ?? Number.POSITIVE_INFINITY, near);
    frame.close();
  }
}

describe('DecodedFrames', () => {
  test('finds the frame the export shows at every time, container rounding included', async () => {
    const open = new Set<FakeFrame>();
    const cache = new DecodedFrames<FakeFrame>(100 * FRAME_BYTES);
    keep(cache, open, WEBM_TIMES);
    // The times a scrub asks for: every frame's exact time, and times between frames.
    const times = Array.from({ length: 180 }, (_, i) => (i * 1000) / 180 / 1000);
    const exported = framesShowingAt(
      (async function* () {
        yield* WEBM_TIMES.map((timestamp) => ({ timestamp }));
      })(),
      times,
      () => undefined,
    );
    let i = 0;
    for await (const shown of exported) {
      const kept = cache.showingAt(times[i] as number);
      expect(kept?.timestamp, `at ${times[i]} s`).toBe(shown.frame.timestamp);
      kept?.close();
      i++;
    }
    expect(i).toBe(times.length);
    // Frame 2 of a WebM starts at 0.067 s: it is the one showing at 2/30 s.
    expect(cache.showingAt(2 / 30)?.timestamp).toBe(0.067);
  });

  test('finds nothing where no frame is kept, and none past a frame whose successor is unknown', () => {
    const open = new Set<FakeFrame>();
    const cache = new DecodedFrames<FakeFrame>(100 * FRAME_BYTES);
    const frame = new FakeFrame(1, open);
    cache.add(frame, 1.033, 1);
    expect(cache.showingAt(0.9)).toBeNull();
    expect(cache.showingAt(1.04)).toBeNull();
    expect(cache.showingAt(1.02)?.timestamp).toBe(1);
    expect(cache.has(1)).toBe(true);
    expect(cache.has(1.033)).toBe(false);
  });

  test('the unbroken span around a time', () => {
    const open = new Set<FakeFrame>();
    const cache = new DecodedFrames<FakeFrame>(100 * FRAME_BYTES);
    keep(cache, open, WEBM_TIMES, { to: 10 });
    keep(cache, open, WEBM_TIMES, { from: 12 });
    expect(cache.spanAround(0.1)).toEqual({ start: 0, end: WEBM_TIMES[10], frames: 10, lastStart: WEBM_TIMES[9] });
    expect(cache.spanAround(0.35)).toBeNull();
    expect(cache.spanAround(0.9)).toEqual({
      start: WEBM_TIMES[12],
      end: Number.POSITIVE_INFINITY,
      frames: 18,
      lastStart: WEBM_TIMES[29],
    });
  });

  test('over budget, drops the frames furthest from the playhead and closes them', () => {
    const open = new Set<FakeFrame>();
    const cache = new DecodedFrames<FakeFrame>(10 * FRAME_BYTES);
    expect(cache.capacity(new FakeFrame(0, new Set()))).toBe(10);
    keep(cache, open, WEBM_TIMES, { near: 0.5 });
    // Ten frames kept (plus no stray copy): those nearest 0.5 s.
    expect(open.size).toBe(10);
    expect(cache.spanAround(0.5)).toMatchObject({ start: WEBM_TIMES[10], end: WEBM_TIMES[20], frames: 10 });
    const shown = cache.showingAt(0.5) as FakeFrame;
    expect(open.size).toBe(11);
    cache.clear();
    // The copy handed out outlives the cache until its taker closes it.
    expect(open.size).toBe(1);
    shown.close();
    expect(open.size).toBe(0);
  });

  test('keeps a frame once', () => {
    const open = new Set<FakeFrame>();
    const cache = new DecodedFrames<FakeFrame>(100 * FRAME_BYTES);
    keep(cache, open, [0, 0.033]);
    keep(cache, open, [0, 0.033]);
    expect(open.size).toBe(2);
  });
});
