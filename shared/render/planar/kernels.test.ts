import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PixelKernels, type Plane } from './kernels';
import { KERNELS_SOURCE_SHA256 } from './kernels-wasm';
import { rgbToYuv, type YuvEncoding } from './yuv-color';

/** A plane of `width` x `height` filled by `value(x, y)`, copied into kernel memory. */
function planeOf(kernels: PixelKernels, width: number, height: number, value: (x: number, y: number) => number): Plane {
  const stride = width + 3; // a stride wider than the picture, as decoders give
  const offset = kernels.allocate(stride * height);
  const bytes = kernels.bytes(offset, stride * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bytes[y * stride + x] = value(x, y);
  return { offset, stride, step: 1, width, height };
}

/** What bilinear sampling at a continuous source point gives, in floating point. */
function bilinear(value: (x: number, y: number) => number, width: number, height: number, sx: number, sy: number) {
  const x = Math.min(Math.max(sx, 0), width - 1);
  const y = Math.min(Math.max(sy, 0), height - 1);
  const x0 = Math.min(Math.floor(x), width - 2);
  const y0 = Math.min(Math.floor(y), height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const top = value(x0, y0) * (1 - fx) + value(x0 + 1, y0) * fx;
  const bottom = value(x0, y0 + 1) * (1 - fx) + value(x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

describe('pixel kernels', () => {
  it('are compiled from their current source (npm run build:kernels)', () => {
    const source = readFileSync(new URL('./assembly/kernels.ts', import.meta.url), 'utf8');
    expect(createHash('sha256').update(source).digest('hex')).toBe(KERNELS_SOURCE_SHA256);
  });

  it('scale a plane region bilinearly, within one level of a floating-point reference', async () => {
    const kernels = await PixelKernels.load();
    const pattern = (x: number, y: number) => (x * 37 + y * 91 + ((x * y) % 17) * 5) % 256;
    const src = planeOf(kernels, 64, 48, pattern);
    const dstOffset = kernels.allocate(100 * 80);
    const dst: Plane = { offset: dstOffset, stride: 100, step: 1, width: 100, height: 80 };
    // Zoom in (a 20x15 region onto 50x40) and shrink (the whole plane onto 40x30).
    for (const [origin, step, rect] of [
      [
        { x: 10.3, y: 7.6 },
        { x: 0.4, y: 0.375 },
        { x: 5, y: 3, width: 50, height: 40 },
      ],
      [
        { x: 0, y: 0 },
        { x: 1.6, y: 1.6 },
        { x: 0, y: 0, width: 40, height: 30 },
      ],
    ] as const) {
      kernels.scale(src, origin, step, dst, rect);
      const out = kernels.bytes(dstOffset, 100 * 80);
      let worst = 0;
      for (let j = 0; j < rect.height; j++) {
        for (let i = 0; i < rect.width; i++) {
          const expected = bilinear(
            pattern,
            64,
            48,
            origin.x + (i + 0.5) * step.x - 0.5,
            origin.y + (j + 0.5) * step.y - 0.5,
          );
          worst = Math.max(worst, Math.abs((out[(rect.y + j) * 100 + rect.x + i] ?? 0) - expected));
        }
      }
      expect(worst).toBeLessThanOrEqual(1.5);
    }
  });

  it('copy a same-size region exactly, and blend one over another with alpha', async () => {
    const kernels = await PixelKernels.load();
    const src = planeOf(kernels, 40, 30, (x, y) => (x * 7 + y * 3) % 256);
    const dstOffset = kernels.allocate(40 * 30);
    const dst: Plane = { offset: dstOffset, stride: 40, step: 1, width: 40, height: 30 };
    kernels.scale(src, { x: 4, y: 2 }, { x: 1, y: 1 }, dst, { x: 0, y: 0, width: 30, height: 20 });
    expect(kernels.bytes(dstOffset, 1)[0]).toBe((4 * 7 + 2 * 3) % 256);
    expect(kernels.bytes(dstOffset + 19 * 40 + 29, 1)[0]).toBe(((29 + 4) * 7 + (19 + 2) * 3) % 256);
    const flat = planeOf(kernels, 8, 8, () => 200);
    kernels.bytes(dstOffset, 40 * 30).fill(100);
    kernels.scale(flat, { x: 0, y: 0 }, { x: 0.5, y: 0.5 }, dst, { x: 0, y: 0, width: 10, height: 10 }, 64);
    expect(kernels.bytes(dstOffset, 1)[0]).toBe(125); // 200 * 1/4 + 100 * 3/4
  });

  it('read one channel of interleaved chroma (NV12) and halve a plane with a box filter', async () => {
    const kernels = await PixelKernels.load();
    const interleaved = planeOf(kernels, 32, 8, (x) => (x % 2 === 0 ? 40 : 220));
    const u: Plane = { ...interleaved, step: 2, width: 16 };
    const v: Plane = { ...u, offset: u.offset + 1 };
    const dstOffset = kernels.allocate(16 * 8);
    const dst: Plane = { offset: dstOffset, stride: 16, step: 1, width: 16, height: 8 };
    kernels.scale(u, { x: 0, y: 0 }, { x: 0.7, y: 1 }, dst, { x: 0, y: 0, width: 16, height: 8 });
    expect([...kernels.bytes(dstOffset, 16 * 8)].every((value) => value === 40)).toBe(true);
    kernels.scale(v, { x: 0, y: 0 }, { x: 0.7, y: 1 }, dst, { x: 0, y: 0, width: 16, height: 8 });
    expect([...kernels.bytes(dstOffset, 16 * 8)].every((value) => value === 220)).toBe(true);
    const checker = planeOf(kernels, 8, 6, (x, y) => ((x + y) % 2 === 0 ? 0 : 255));
    const half = kernels.halve(checker);
    expect([half.width, half.height]).toEqual([4, 3]);
    expect([...kernels.bytes(half.offset, 12)].every((value) => value === 128)).toBe(true);
  });

  it('blend RGBA over YUV with the encoding’s matrix: opaque pixels convert, transparent ones leave the picture', async () => {
    for (const encoding of [
      { matrix: 'bt709', fullRange: false },
      { matrix: 'bt601', fullRange: true },
    ] as YuvEncoding[]) {
      const kernels = await PixelKernels.load();
      kernels.setEncoding(encoding);
      const image = kernels.allocateI420(8, 4);
      kernels.fill(image, 50, 60, 70);
      // Left half: opaque orange; right half: transparent except one half-transparent white pixel.
      const rgba = new Uint8ClampedArray(8 * 4 * 4);
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 4; x++) rgba.set([255, 128, 0, 255], (y * 8 + x) * 4);
      }
      rgba.set([255, 255, 255, 128], (0 * 8 + 6) * 4);
      kernels.blendRgba(rgba, image, { x: 0, y: 0, width: 8, height: 4 });
      const bytes = kernels.bytes(image.offset, image.byteLength);
      const [y, u, v] = rgbToYuv(encoding, 255, 128, 0);
      expect(Math.abs((bytes[0] ?? 0) - y)).toBeLessThanOrEqual(1);
      expect(Math.abs((bytes[32] ?? 0) - u)).toBeLessThanOrEqual(1);
      expect(Math.abs((bytes[40] ?? 0) - v)).toBeLessThanOrEqual(1);
      expect(bytes[7]).toBe(50); // transparent: untouched
      expect(bytes[32 + 2]).toBe(60); // the chroma block with no drawn pixel
      const white = rgbToYuv(encoding, 255, 255, 255)[0];
      expect(Math.abs((bytes[6] ?? 0) - (white * 128 + 50 * 127) / 255)).toBeLessThanOrEqual(1);
    }
  });
});
