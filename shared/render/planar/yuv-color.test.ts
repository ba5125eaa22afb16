import { describe, expect, it } from 'vitest';
import {
  ALL_YUV_MATRICES,
  colorSpaceFor,
  rgbToYuv,
  rgbToYuvFixedPoint,
  type YuvEncoding,
  yuvEncodingOf,
  yuvToRgb,
} from './yuv-color';

const ENCODINGS: YuvEncoding[] = ALL_YUV_MATRICES.flatMap((matrix) => [
  { matrix, fullRange: false },
  { matrix, fullRange: true },
]);

describe('YUV colour', () => {
  it('maps black, white and grey to the range’s ends and middle, with neutral chroma', () => {
    for (const encoding of ENCODINGS) {
      const [black] = rgbToYuv(encoding, 0, 0, 0);
      const [white, u, v] = rgbToYuv(encoding, 255, 255, 255);
      expect(black).toBeCloseTo(encoding.fullRange ? 0 : 16, 6);
      expect(white).toBeCloseTo(encoding.fullRange ? 255 : 235, 6);
      expect(u).toBeCloseTo(128, 6);
      expect(v).toBeCloseTo(128, 6);
    }
  });

  it('converts back to the same RGB, and its fixed-point form agrees within half a level', () => {
    for (const encoding of ENCODINGS) {
      const fixed = rgbToYuvFixedPoint(encoding);
      for (const [r, g, b] of [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [250, 204, 21],
        [37, 99, 235],
      ] as const) {
        const yuv = rgbToYuv(encoding, r, g, b);
        const back = yuvToRgb(encoding, ...yuv);
        for (const [i, value] of [r, g, b].entries()) expect(back[i]).toBeCloseTo(value, 6);
        const [yr = 0, yg = 0, yb = 0, yo = 0, ur = 0, ug = 0, ub = 0, vr = 0, vg = 0, vb = 0, uvo = 0] = fixed;
        // As the kernels do it: fixed point, shifted, clamped to a byte.
        const byte = (value: number) => Math.min(255, Math.max(0, value >> 16));
        const clamped = yuv.map((value) => Math.min(255, Math.max(0, value)));
        expect(Math.abs(byte(yr * r + yg * g + yb * b + yo) - (clamped[0] ?? 0))).toBeLessThanOrEqual(0.51);
        expect(Math.abs(byte(ur * r + ug * g + ub * b + uvo) - (clamped[1] ?? 0))).toBeLessThanOrEqual(0.51);
        expect(Math.abs(byte(vr * r + vg * g + vb * b + uvo) - (clamped[2] ?? 0))).toBeLessThanOrEqual(0.51);
      }
    }
  });

  it('reads a decoded frame’s colour space, keeping its range and tagging frames with it', () => {
    expect(yuvEncodingOf({ matrix: 'bt709', fullRange: true })).toEqual({ matrix: 'bt709', fullRange: true });
    expect(yuvEncodingOf({ matrix: 'smpte170m', fullRange: false })).toEqual({ matrix: 'bt601', fullRange: false });
    expect(yuvEncodingOf({ matrix: 'bt470bg' })).toEqual({ matrix: 'bt601', fullRange: false });
    expect(yuvEncodingOf(null)).toEqual({ matrix: 'bt709', fullRange: false });
    expect(
      colorSpaceFor({ matrix: 'bt601', fullRange: false }, { primaries: 'smpte170m', transfer: 'smpte170m' }),
    ).toEqual({ matrix: 'smpte170m', fullRange: false, primaries: 'smpte170m', transfer: 'smpte170m' });
  });
});
