import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, wheel } from '../../tests/fixtures/builders/recording-fixture';
import type { Recording } from '../recording/recording';
import { BURNED_POINTER, burnedPointerRects, fillFromBorder, fillUnionFromBorder } from './burned-pointer';

/** Still at (0.25, 0.5) until 1 s, a move to (0.75, 0.5) over 0.5 s, still again; a click at 4 s, a wheel turn at 8 s. */
function captured(pointerInVideo = true): Recording {
  const fixture = recordingFixture({
    cursor: cursorPath([
      { t: 0, x: 0.25, y: 0.5 },
      { t: 1000, x: 0.25, y: 0.5 },
      { t: 1500, x: 0.75, y: 0.5 },
    ]),
    clicks: [click(4000, 0.75, 0.5)],
    scrolls: [wheel(8000, 100, 100)],
  });
  return { ...fixture, video: { ...fixture.video, pointerInVideo } };
}

/** The boxes' union, in CSS px of the fixture's 1280×720 viewport. */
function extent(rects: { x: number; y: number; width: number; height: number }[]) {
  return {
    left: Math.min(...rects.map((r) => r.x * 1280)),
    right: Math.max(...rects.map((r) => (r.x + r.width) * 1280)),
    top: Math.min(...rects.map((r) => r.y * 720)),
    bottom: Math.max(...rects.map((r) => (r.y + r.height) * 720)),
  };
}

describe('burnedPointerRects: where the capture can show the system pointer', () => {
  it('is nowhere in a video without one', () => {
    expect(burnedPointerRects(captured(false), 1200)).toEqual([]);
  });

  it('is the pointer’s box at a still pointer', () => {
    const box = extent(burnedPointerRects(captured(), 1900));
    const arrow = BURNED_POINTER.box;
    expect(box.left).toBeCloseTo(960 + arrow.left, 6);
    expect(box.right).toBeCloseTo(960 + arrow.right, 6);
    expect(box.top).toBeCloseTo(360 + arrow.top, 6);
    expect(box.bottom).toBeCloseTo(360 + arrow.bottom, 6);
  });

  it('covers the path the track took over the capture’s delay while moving', () => {
    const t = 1300;
    const box = extent(burnedPointerRects(captured(), t));
    // The track was at x = 320 + 640 * (t - 1000) / 500 CSS px; the capture shows it up to lagMs late.
    const xAt = (ms: number) => 320 + (640 * Math.min(500, Math.max(0, ms - 1000))) / 500;
    expect(box.left).toBeLessThanOrEqual(xAt(t - BURNED_POINTER.lagMs) + BURNED_POINTER.box.left + 0.01);
    expect(box.right).toBeGreaterThanOrEqual(xAt(t) + BURNED_POINTER.box.right - 0.01);
    expect(box.right).toBeLessThanOrEqual(xAt(t + BURNED_POINTER.leadMs + 16) + BURNED_POINTER.box.right);
  });

  it('is nowhere once Chromium has hidden the pointer, and back at a click or a wheel turn', () => {
    const recording = captured();
    expect(burnedPointerRects(recording, 1500 + BURNED_POINTER.hideAfterMs + BURNED_POINTER.lagMs + 10)).toEqual([]);
    expect(burnedPointerRects(recording, 4100)).not.toEqual([]);
    expect(burnedPointerRects(recording, 7000)).toEqual([]);
    expect(burnedPointerRects(recording, 8100)).not.toEqual([]);
  });
});

describe('fillFromBorder', () => {
  it('fills a hole in a flat picture with its colour, and a hole in a gradient along the gradient', () => {
    const width = 40;
    const height = 30;
    const ramp = new Uint8Array(width * height).map((_, i) => (i % width) * 5);
    const plane = (data: Uint8Array) => ({ data, offset: 0, step: 1, stride: width, width, height });
    const hole = new Uint8Array(ramp);
    hole.fill(0, 12 * width + 10, 12 * width + 30);
    fillFromBorder(plane(hole), 10, 12, 30, 13);
    for (let x = 10; x < 30; x++) expect(Math.abs((hole[12 * width + x] ?? 0) - x * 5)).toBeLessThanOrEqual(5 * 2);
    // A white bar, as a pointer's outline would be, on a flat page.
    const bar = new Uint8Array(width * height).fill(90);
    bar.fill(255, 10 * width + 8, 10 * width + 20);
    fillFromBorder(plane(bar), 6, 8, 22, 14);
    expect(Math.max(...bar)).toBe(90);
  });

  it('reads only one channel of interleaved pixels', () => {
    const rgba = new Uint8ClampedArray(8 * 8 * 4).fill(50);
    rgba[(4 * 8 + 4) * 4 + 1] = 255;
    fillFromBorder({ data: rgba, offset: 1, step: 4, stride: 32, width: 8, height: 8 }, 3, 3, 6, 6);
    expect(rgba[(4 * 8 + 4) * 4 + 1]).toBe(50);
    expect(new Set(rgba)).toEqual(new Set([50]));
  });
});

describe('fillUnionFromBorder: erasing overlapping boxes along a move', () => {
  const plane = () => ({
    data: new Uint8Array(20 * 10).fill(50),
    offset: 0,
    step: 1,
    stride: 20,
    width: 20,
    height: 10,
  });

  it('fills one box exactly as fillFromBorder does', () => {
    const a = plane();
    const b = plane();
    for (let i = 0; i < a.data.length; i++) a.data[i] = b.data[i] = (i * 37) % 251;
    fillFromBorder(a, 4, 2, 9, 7);
    fillUnionFromBorder(b, [{ x0: 4, y0: 2, x1: 9, y1: 7 }]);
    expect([...b.data]).toEqual([...a.data]);
  });

  it('reads only pixels outside the union, so the pointer inside one box does not streak into another', () => {
    const frame = plane();
    // The pointer (dark) sits inside the second box, right at the first box's right border.
    for (let y = 3; y < 6; y++) for (let x = 8; x < 11; x++) frame.data[y * 20 + x] = 0;
    fillUnionFromBorder(frame, [
      { x0: 2, y0: 2, x1: 8, y1: 7 },
      { x0: 6, y0: 2, x1: 13, y1: 7 },
    ]);
    expect(Math.min(...frame.data)).toBe(50);
  });
});
