import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PixelKernels, type Plane } from './kernels';
import { KERNELS_SOURCE_SHA256 } from './kernels-wasm';
import { rgbToYuv, rgbToYuvFixedPoint, type YuvEncoding, yuvToRgb } from './yuv-color';

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

  it('draw a part of a scale with exactly the pixels the whole scale has there', async () => {
    const kernels = await PixelKernels.load();
    const src = planeOf(kernels, 97, 61, (x, y) => (x * 13 + y * 29 + ((x * y) % 11) * 7) % 256);
    const whole = kernels.allocate(120 * 90);
    const parts = kernels.allocate(120 * 90);
    const plane = (offset: number): Plane => ({ offset, stride: 120, step: 1, width: 120, height: 90 });
    const rect = { x: 3, y: 5, width: 111, height: 79 };
    // Zoomed in at an odd offset, shrunk, and the same size (the copy path).
    for (const [origin, step] of [
      [
        { x: 17.3, y: 9.81 },
        { x: 0.377, y: 0.413 },
      ],
      [
        { x: 0.2, y: 0.1 },
        { x: 0.87, y: 0.77 },
      ],
      [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
    ] as const) {
      kernels.bytes(whole, 120 * 90).fill(0);
      kernels.bytes(parts, 120 * 90).fill(0);
      kernels.scale(src, origin, step, plane(whole), rect);
      const clips = [
        { x: 3, y: 5, width: 9, height: 4 },
        { x: 40, y: 33, width: 37, height: 21 },
        { x: 100, y: 70, width: 14, height: 14 },
      ];
      for (const clip of clips) kernels.scale(src, origin, step, plane(parts), rect, 256, clip);
      const a = kernels.bytes(whole, 120 * 90);
      const b = kernels.bytes(parts, 120 * 90);
      for (const clip of clips) {
        for (let y = clip.y; y < clip.y + clip.height; y++) {
          for (let x = clip.x; x < clip.x + clip.width; x++) expect(b[y * 120 + x]).toBe(a[y * 120 + x]);
        }
      }
      // Nothing outside the clips is drawn.
      expect(b[4 * 120 + 3]).toBe(0);
      expect(b[20 * 120 + 20]).toBe(0);
    }
  });

  it('add several scales into 16-bit sums and average them: the mean of the views, each weighing the same', async () => {
    const kernels = await PixelKernels.load();
    const src = planeOf(kernels, 97, 61, (x, y) => (x * 13 + y * 29 + ((x * y) % 11) * 7) % 256);
    const rect = { x: 0, y: 0, width: 83, height: 37 };
    const views = Array.from({ length: 21 }, (_, k) => ({
      origin: { x: 3 + k * 0.7, y: 2.5 + k * 0.2 },
      step: { x: 0.9, y: 1.1 },
    }));
    const single = kernels.allocate(83 * 37);
    const singles = views.map((view) => {
      kernels.scale(src, view.origin, view.step, { offset: single, stride: 83, step: 1, width: 83, height: 37 }, rect);
      return Uint8Array.from(kernels.bytes(single, 83 * 37));
    });
    const sums = kernels.allocateSums(83, 37);
    for (const view of views) kernels.scaleAdd(src, view.origin, view.step, sums);
    const meanOffset = kernels.allocate(90 * 40);
    const mean: Plane = { offset: meanOffset, stride: 90, step: 1, width: 90, height: 40 };
    kernels.average(sums, views.length, mean, { ...rect, x: 2, y: 1 });
    const out = kernels.bytes(meanOffset, 90 * 40);
    let worst = 0;
    for (let y = 0; y < 37; y++) {
      for (let x = 0; x < 83; x++) {
        const expected = singles.reduce((sum, pixels) => sum + (pixels[y * 83 + x] ?? 0), 0) / views.length;
        worst = Math.max(worst, Math.abs((out[(y + 1) * 90 + x + 2] ?? 0) - expected));
      }
    }
    expect(worst).toBeLessThanOrEqual(0.51);
  });

  it('find where two planes differ, band by band, from both ends of each row', async () => {
    const kernels = await PixelKernels.load();
    const pattern = (x: number, y: number) => (x * 3 + y * 5) % 251;
    const a = planeOf(kernels, 70, 40, pattern);
    const b = planeOf(kernels, 70, 40, pattern);
    const set = (x: number, y: number) => {
      const at = b.offset + y * b.stride + x;
      kernels.bytes(at, 1)[0] = ((kernels.bytes(at, 1)[0] ?? 0) + 1) % 256;
    };
    expect(kernels.changedSpans(a, b, 16)).toEqual([null, null, null]);
    set(0, 0); // the first byte, in band 0
    set(33, 20); // band 1: inside the 16-byte blocks
    set(35, 31); //  and another row of it
    set(69, 39); // the last byte, in the last band (8 rows), past the last whole block
    expect(kernels.changedSpans(a, b, 16)).toEqual([
      { start: 0, end: 1 },
      { start: 33, end: 36 },
      { start: 69, end: 70 },
    ]);
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

  it('blend RGBA over YUV exactly as integer arithmetic with true divisions does', async () => {
    const encoding: YuvEncoding = { matrix: 'bt709', fullRange: false };
    const [yR, yG, yB, yOffset, uR, uG, uB, vR, vG, vB, uvOffset] = rgbToYuvFixedPoint(encoding) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const clamp = (value: number) => Math.min(255, Math.max(0, value));
    const kernels = await PixelKernels.load();
    kernels.setEncoding(encoding);
    const [width, height] = [64, 32];
    const image = kernels.allocateI420(width, height);
    const before = kernels.bytes(image.offset, image.byteLength);
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 8;
    };
    for (let i = 0; i < before.length; i++) before[i] = next() % 256;
    const expected = Uint8Array.from(before);
    // Extremes included: transparent, opaque, white and black over white and black.
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      const alpha = [0, 255, next() % 256][p % 3] as number;
      rgba.set(p % 7 === 0 ? [255, 255, 255, alpha] : [next() % 256, next() % 256, next() % 256, alpha], p * 4);
    }
    for (let j = 0; j < height; j += 2) {
      for (let i = 0; i < width; i += 2) {
        let alphaSum = 0;
        let uSum = 0;
        let vSum = 0;
        for (let k = 0; k < 4; k++) {
          const [dx, dy] = [k & 1, k >> 1];
          const at = ((j + dy) * width + i + dx) * 4;
          const [r, g, b, a] = [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]] as [number, number, number, number];
          if (a === 0) continue;
          const luma = clamp((yR * r + yG * g + yB * b + yOffset) >> 16);
          const target = (j + dy) * width + i + dx;
          expected[target] = Math.floor((luma * a + (expected[target] as number) * (255 - a) + 127) / 255);
          alphaSum += a;
          uSum += a * clamp((uR * r + uG * g + uB * b + uvOffset) >> 16);
          vSum += a * clamp((vR * r + vG * g + vB * b + uvOffset) >> 16);
        }
        if (alphaSum === 0) continue;
        const u = width * height + (j / 2) * (width / 2) + i / 2;
        const v = u + (width * height) / 4;
        expected[u] = Math.floor((uSum + (expected[u] as number) * (1020 - alphaSum) + 510) / 1020);
        expected[v] = Math.floor((vSum + (expected[v] as number) * (1020 - alphaSum) + 510) / 1020);
      }
    }
    kernels.blendRgba(rgba, image, { x: 0, y: 0, width, height });
    expect([...kernels.bytes(image.offset, image.byteLength)]).toEqual([...expected]);
  });

  it('convert a 4:2:0 picture to opaque RGBA with the encoding’s matrix, within one level of floating point', async () => {
    const kernels = await PixelKernels.load();
    // 14 wide: three groups of four pixels and a pair converted one by one.
    const [width, height] = [14, 6];
    for (const encoding of [
      { matrix: 'bt709', fullRange: false },
      { matrix: 'bt601', fullRange: true },
    ] satisfies YuvEncoding[]) {
      kernels.setEncoding(encoding);
      const image = kernels.allocateI420(width, height);
      const bytes = kernels.bytes(image.offset, image.byteLength);
      // Every level of luma, and chroma from 0 to 255 (pixels past what the range allows clamp).
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 47 + 13) % 256;
      const rgba = new Uint8ClampedArray(width * height * 4);
      kernels.toRgba(image, rgba);
      const at = (plane: typeof image.y, x: number, y: number) =>
        kernels.bytes(plane.offset + y * plane.stride + x, 1)[0] as number;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const expected = yuvToRgb(
            encoding,
            at(image.y, x, y),
            at(image.u, x >> 1, y >> 1),
            at(image.v, x >> 1, y >> 1),
          );
          const pixel = rgba.subarray((y * width + x) * 4, (y * width + x + 1) * 4);
          for (const [channel, value] of expected.entries()) {
            expect(Math.abs((pixel[channel] as number) - Math.min(255, Math.max(0, value)))).toBeLessThanOrEqual(1);
          }
          expect(pixel[3]).toBe(255);
        }
      }
    }
  });
});
