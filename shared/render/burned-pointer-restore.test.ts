import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, typing, wheel } from '../../tests/fixtures/builders/recording-fixture';
import type { Recording } from '../recording/recording';
import { burnedPointerRects } from './burned-pointer';
import { erasePointer } from './burned-pointer-restore';
import { cleanSourceTimes, patchCuts, showsClean } from './clean-neighbour-choice';

/**
 * A recording whose capture burned the pointer in: still at (0.25, 0.5) until `moveMs` (1 s), a move to (0.75, 0.5)
 * over 0.5 s, a click there at 4 s, still until `untilMs` (6 s).
 */
function captured({ moveMs = 1000, untilMs = 6000 } = {}): Recording {
  const fixture = recordingFixture({
    cursor: cursorPath([
      { t: 0, x: 0.25, y: 0.5 },
      { t: moveMs, x: 0.25, y: 0.5 },
      { t: moveMs + 500, x: 0.75, y: 0.5 },
      { t: untilMs, x: 0.75, y: 0.5 },
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

  it("finds nothing for a pointer resting long, and prefers the click's own side", () => {
    const recording = captured();
    // At 4.1 s the pointer has rested at (0.75, 0.5) since 1.5 s and clicked at 4 s: no clean frame within reach.
    const rects = burnedPointerRects(recording, 4100);
    expect(rects.length).toBeGreaterThan(0);
    expect(cleanSourceTimes(recording, 4100, rects).every((t) => t === null)).toBe(true);
    expect(showsClean(recording, 4100, 3900, { x: 0, y: 0, width: 0.01, height: 0.01 })).toBe(false);
    // Mid-move at 1.25 s with a click at 1.3 s: a box is taken from across the click only when no frame on this
    // side of it (a frame apart, within reach) shows it clean.
    const clicked = { ...recording, clicks: [click(1300, 0.6, 0.5)] };
    const moving = burnedPointerRects(clicked, 1250);
    const times = cleanSourceTimes(clicked, 1250, moving);
    const thisSide = Array.from({ length: 45 }, (_, k) => 1250 - (k + 1) * (1000 / 30)).filter((c) => c >= 0);
    expect(times.some((t) => t !== null && t < 1300)).toBe(true);
    moving.forEach((rect, i) => {
      if ((times[i] ?? 0) > 1300) expect(thisSide.some((c) => showsClean(clicked, 1250, c, rect))).toBe(false);
    });
  });

  it('reaches across a click where nothing on its side shows a box clean, never across a scroll or typing', () => {
    // Moves onto a button from 3 s to 3.5 s, clicks it at 4 s and rests there until 8 s.
    const recording = captured({ moveMs: 3000, untilMs: 8000 });
    const rects = burnedPointerRects(recording, 4300);
    const times = cleanSourceTimes(recording, 4300, rects);
    expect(times.every((t) => t !== null && t < 3500)).toBe(true);
    for (const changed of [
      { ...recording, scrolls: [wheel(3900, 120, 120)] },
      { ...recording, typing: [typing(3900)] },
    ]) {
      expect(cleanSourceTimes(changed, 4300, rects).every((t) => t === null)).toBe(true);
    }
  });

  it('chooses among the source frames’ own times when it has them, and cuts one even box per neighbour', () => {
    const recording = captured();
    // A capture that sent frames 100 ms apart around the move.
    const frameTimes = Array.from({ length: 60 }, (_, i) => i * 100);
    const rects = burnedPointerRects(recording, 1250);
    const times = cleanSourceTimes(recording, 1250, rects, frameTimes);
    for (const t of times) expect(t === null || frameTimes.includes(t)).toBe(true);
    const cuts = patchCuts(recording, 1250, frameTimes, { width: 1280, height: 720 });
    expect(cuts.length).toBeGreaterThan(0);
    expect(new Set(cuts.map((c) => c.fromMs)).size).toBe(cuts.length);
    for (const cut of cuts) {
      expect([cut.x % 2, cut.y % 2, cut.width % 2, cut.height % 2]).toEqual([0, 0, 0, 0]);
      for (const rect of cut.rects) {
        expect(showsClean(recording, 1250, cut.fromMs, rect)).toBe(true);
        expect(rect.x * 1280).toBeGreaterThanOrEqual(cut.x);
        expect((rect.x + rect.width) * 1280).toBeLessThanOrEqual(cut.x + cut.width);
      }
    }
    expect(cuts.flatMap((c) => c.rects).length).toBe(times.filter((t) => t !== null).length);
  });

  it('copies the clean pixels where the neighbour matches around them, and fills the rest from around', () => {
    const width = 16;
    const height = 12;
    const plane = (fill: number) => ({
      data: new Uint8Array(width * height).fill(fill),
      offset: 0,
      step: 1,
      stride: width,
      width,
      height,
    });
    const frame = plane(100);
    const clean = plane(100);
    // Text in the clean frame at (3..5, 3..5); the pointer drawn over it and over (10..12, 3..5) in this frame.
    for (let y = 3; y < 5; y++)
      for (let x = 3; x < 5; x++) {
        clean.data[y * width + x] = 7;
        frame.data[y * width + x] = 255;
        frame.data[y * width + x + 7] = 255;
      }
    const norm = (x0: number, y0: number, x1: number, y1: number) => ({
      x: x0 / width,
      y: y0 / height,
      width: (x1 - x0) / width,
      height: (y1 - y0) / height,
    });
    const pointer = [norm(2, 2, 6, 6), norm(9, 2, 13, 6)];
    // The neighbour's cut: (0, 0)-(8, 8) of the clean frame, around the first box.
    const cut = { x: 0, y: 0, width: 8, height: 8, rects: [pointer[0] as (typeof pointer)[number]] };
    const counted = erasePointer([frame], [1], pointer, [{ ...cut, planes: [{ ...clean, width: 8, height: 8 }] }]);
    expect(counted).toEqual({ restored: 1, filled: 1 });
    expect(frame.data[3 * width + 3]).toBe(7);
    expect(frame.data[3 * width + 10]).toBe(100);
    // A neighbour that differs around the box (the page changed) is not used: the box is filled.
    const changed = plane(100);
    for (let y = 3; y < 5; y++) for (let x = 3; x < 5; x++) changed.data[y * width + x] = 255;
    const other = plane(160);
    const refused = erasePointer(
      [changed],
      [1],
      [pointer[0] as (typeof pointer)[number]],
      [{ ...cut, planes: [{ ...other, width: 8, height: 8 }] }],
    );
    expect(refused).toEqual({ restored: 0, filled: 1 });
    expect(changed.data[3 * width + 3]).toBe(100);
  });
});
