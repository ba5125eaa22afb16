import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import type { Recording } from '../recording/recording';
import { burnedPointerRects } from './burned-pointer';
import { cleanSourceTimes, restoreBoxes, showsClean } from './burned-pointer-restore';

/** Still at (0.25, 0.5) until 1 s, a move to (0.75, 0.5) over 0.5 s, still until a click there at 4 s. */
function captured(): Recording {
  const fixture = recordingFixture({
    cursor: cursorPath([
      { t: 0, x: 0.25, y: 0.5 },
      { t: 1000, x: 0.25, y: 0.5 },
      { t: 1500, x: 0.75, y: 0.5 },
      { t: 6000, x: 0.75, y: 0.5 },
    ]),
    clicks: [click(4000, 0.75, 0.5)],
  });
  return { ...fixture, video: { ...fixture.video, pointerInVideo: true } };
}

describe('restoring what the burned-in pointer covered from a clean neighbouring frame', () => {
  it('takes each box from the nearest frame that shows it without the pointer, with the page unchanged', () => {
    const recording = captured();
    // Mid-move: the boxes behind the pointer were clean before it came, those ahead clean after it left.
    const rects = burnedPointerRects(recording, 1250);
    const times = cleanSourceTimes(recording, 1250, rects);
    expect(times.every((t) => t !== null)).toBe(true);
    for (const [i, rect] of rects.entries()) expect(showsClean(recording, 1250, times[i] as number, rect)).toBe(true);
    expect(Math.max(...times.map((t) => Math.abs((t as number) - 1250)))).toBeLessThanOrEqual(1500);
  });

  it('does not reach across a click (the page may have changed), and finds nothing for a pointer resting long', () => {
    const recording = captured();
    // At 4.1 s the pointer has rested at (0.75, 0.5) since 1.5 s and clicked at 4 s: no clean frame within reach.
    const rects = burnedPointerRects(recording, 4100);
    expect(rects.length).toBeGreaterThan(0);
    expect(cleanSourceTimes(recording, 4100, rects).every((t) => t === null)).toBe(true);
    expect(showsClean(recording, 4100, 3900, { x: 0, y: 0, width: 0.01, height: 0.01 })).toBe(false);
  });

  it('copies the clean pixels where it has a source and fills the rest from around', () => {
    const plane = (fill: number) => ({
      data: new Uint8Array(16 * 8).fill(fill),
      offset: 0,
      step: 1,
      stride: 16,
      width: 16,
      height: 8,
    });
    const frame = plane(100);
    const clean = plane(100);
    // Text in the clean frame at (3..5, 3..5); the pointer drawn over it and over (10..12, 3..5) in this frame.
    for (let y = 3; y < 5; y++)
      for (let x = 3; x < 5; x++) {
        clean.data[y * 16 + x] = 7;
        frame.data[y * 16 + x] = 255;
        frame.data[y * 16 + x + 7] = 255;
      }
    restoreBoxes(frame, [
      { x0: 2, y0: 2, x1: 6, y1: 6, from: clean },
      { x0: 9, y0: 2, x1: 13, y1: 6, from: null },
    ]);
    expect(frame.data[3 * 16 + 3]).toBe(7);
    expect(frame.data[3 * 16 + 10]).toBe(100);
  });
});
