import { describe, expect, test } from 'vitest';
import { outputSize } from '../../../shared/render/output-size';
import { PREVIEW_SHORT_SIDE, previewSize } from './preview-size';

const video = { width: 1920, height: 1080 };

describe('the preview canvas size', () => {
  test('one canvas pixel per device pixel, as large as the box allows', () => {
    const wide = previewSize((side) => outputSize(video, 'auto', side), { width: 1153, height: 648 }, 1);
    expect(wide.pixels).toEqual({ width: 1152, height: 648 });
    expect(wide.css).toEqual({ width: 1152, height: 648 });
    // Limited by the width; on a 2x screen, twice the pixels in the same CSS box.
    const sharp = previewSize((side) => outputSize(video, 'auto', side), { width: 500, height: 648 }, 2);
    expect(sharp.pixels.width).toBeLessThanOrEqual(1000);
    expect(sharp.pixels.width).toBeGreaterThan(990);
    expect(sharp.css.width).toBe(sharp.pixels.width / 2);
  });

  test('capped at PREVIEW_SHORT_SIDE or at the recording’s own size, it is shown scaled up to fill the box', () => {
    const dense = previewSize((side) => outputSize(video, 'auto', side), { width: 1153, height: 648 }, 2);
    expect(dense.pixels).toEqual({ width: 1280, height: 720 });
    expect(dense.css.width).toBeCloseTo(1152, 0);
    const small = previewSize(
      (side) => outputSize({ width: 640, height: 360 }, 'auto', side),
      { width: 1153, height: 648 },
      1,
    );
    expect(small.pixels).toEqual({ width: 640, height: 360 });
    expect(small.css.width).toBeCloseTo(1152, 0);
  });

  test('every shape fits its box, and no side passes PREVIEW_SHORT_SIDE', () => {
    for (const aspectRatio of ['auto', '1:1', '9:16', '4:3'] as const) {
      for (const box of [
        { width: 766, height: 431 },
        { width: 1153, height: 648 },
        { width: 2400, height: 1300 },
        { width: 301, height: 97 },
      ]) {
        const { pixels, css } = previewSize((side) => outputSize(video, aspectRatio, side), box, 1.25);
        expect(css.width).toBeLessThanOrEqual(box.width);
        expect(css.height).toBeLessThanOrEqual(box.height);
        expect(Math.min(pixels.width, pixels.height)).toBeLessThanOrEqual(PREVIEW_SHORT_SIDE);
        expect((pixels.width % 2) + (pixels.height % 2)).toBe(0);
      }
    }
  });
});
