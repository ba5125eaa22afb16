import { describe, expect, test } from 'vitest';
import { gifFrameDelayMs } from './export-options';
import { framesShowingAt, heldFramesOf, holdInterval, isHeld } from './frame-choice';

/** Frames at the given times (seconds), as a decoder would yield them, recording which were released. */
function source(timestamps: readonly number[]) {
  const released: number[] = [];
  async function* frames() {
    for (const timestamp of timestamps) yield { timestamp };
  }
  return { frames: frames(), released, release: (frame: { timestamp: number }) => released.push(frame.timestamp) };
}

async function choose(timestamps: readonly number[], times: readonly number[]) {
  const { frames, released, release } = source(timestamps);
  const shown: { timestamp: number; age: number }[] = [];
  for await (const { frame, age } of framesShowingAt(frames, times, release)) {
    shown.push({ timestamp: frame.timestamp, age: Math.round(age * 1000) / 1000 });
  }
  return { shown, released };
}

const at30 = (count: number, from = 0) => Array.from({ length: count }, (_, i) => from + i / 30);

describe('the frame each output frame shows', () => {
  test('a 30 fps source exported at 30 fps shows every frame once, and releases each once', async () => {
    const timestamps = at30(10).map((t) => Math.round(t * 1000) / 1000); // WebM's 1 ms rounding
    const { shown, released } = await choose(timestamps, at30(10));
    expect(shown.map((s) => s.timestamp)).toEqual(timestamps);
    expect(released.sort()).toEqual([...timestamps].sort());
  });

  test('a 60 fps source at 30 fps shows every other frame; a 30 fps source at 60 fps shows each twice', async () => {
    const sixty = Array.from({ length: 12 }, (_, i) => i / 60);
    expect((await choose(sixty, at30(6))).shown.map((s) => s.timestamp)).toEqual(sixty.filter((_, i) => i % 2 === 0));
    const doubled = (await choose(at30(3), [0, 1 / 60, 2 / 60, 3 / 60, 4 / 60, 5 / 60])).shown;
    expect(doubled.map((s) => s.timestamp)).toEqual([0, 0, 1 / 30, 1 / 30, 2 / 30, 2 / 30]);
  });

  test('a frame shows from its own timestamp on: a frame stamped 34 ms is not shown at 33.3 ms', async () => {
    const { shown } = await choose([0, 0.034, 0.067], [0, 1 / 30, 2 / 30]);
    expect(shown.map((s) => s.timestamp)).toEqual([0, 0, 0.067]);
  });

  test('a gap in the source holds the frame before it, with its age', async () => {
    const { shown } = await choose([0, 0.2, 0.233], [0, 0.1, 0.2, 0.233]);
    expect(shown).toEqual([
      { timestamp: 0, age: 0 },
      { timestamp: 0, age: 0.1 },
      { timestamp: 0.2, age: 0 },
      { timestamp: 0.233, age: 0 },
    ]);
  });

  test('before the first frame, and past the last, a frame is still shown: never an empty one', async () => {
    const { shown } = await choose([1.5, 1.533], [1.4, 1.5, 1.6, 2]);
    expect(shown.map((s) => s.timestamp)).toEqual([1.5, 1.5, 1.533, 1.533]);
    expect(shown[0]?.age).toBe(0);
  });

  test('trims and cuts: times that jump forward skip the frames between; reading stops after the last time', async () => {
    const { shown, released } = await choose(at30(30), [0, 1 / 30, 20 / 30, 21 / 30]);
    expect(shown.map((s) => Math.round(s.timestamp * 30))).toEqual([0, 1, 20, 21]);
    // Every frame read is released once: up to the one after the last time shown, not the rest of the file.
    expect(released).toEqual(at30(23));
  });

  test('a source without frames yields nothing; a consumer that stops early still releases what was read', async () => {
    expect((await choose([], [0, 0.1])).shown).toEqual([]);
    const { frames, released, release } = source(at30(10));
    for await (const _ of framesShowingAt(frames, at30(10), release)) break;
    expect(released).toEqual([0, 1 / 30]);
  });
});

describe('held frames', () => {
  test('a frame is held once it shows past one frame interval, allowing for container rounding', () => {
    expect(isHeld(1 / 30, 1 / 30)).toBe(false);
    expect(isHeld(0.034, 1 / 30)).toBe(false);
    expect(isHeld(0.067, 1 / 30)).toBe(true);
    expect(holdInterval(60, 30)).toBeCloseTo(1 / 30);
    expect(holdInterval(15, 30)).toBeCloseTo(1 / 15);
  });

  test('the source’s own holds come from its timestamps, in any order (B-frames are stored out of order)', async () => {
    const decodeOrder = [0, 0.1, 0.0333, 0.0667, 0.3, 0.2, 0.1333, 0.1667];
    // Frames every 33 ms up to 0.2 s, then nothing until 0.3 s: at 0.267 s the frame of 0.2 s is held.
    expect(await heldFramesOf(decodeOrder, at30(10), 1 / 30)).toBe(1);
  });
});

test('GIF delays alternate 70 and 60 ms so 15 fps keeps the video’s pace', () => {
  const delays = Array.from({ length: 30 }, (_, i) => gifFrameDelayMs(i, 15));
  expect(new Set(delays)).toEqual(new Set([60, 70]));
  expect(delays.reduce((a, b) => a + b, 0)).toBe(2000);
  expect(Array.from({ length: 10 }, (_, i) => gifFrameDelayMs(i, 10))).toEqual(Array(10).fill(100));
});
