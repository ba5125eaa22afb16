import { instantiateKernels, type KernelExports } from './kernel-module';
import { type I420Image, i420Layout, type PixelRect, type Plane } from './planes';
import type { YuvEncoding } from './yuv-color';
import { rgbToYuvFixedPoint, yuvToRgbFixedPoint } from './yuv-color';

// The pictures the kernels take and give, for callers of this module.
export type { I420Image, PixelRect, Plane } from './planes';

/** 16-bit sums of several views of a plane, one per pixel of a rectangle, in kernel memory (`stride` in bytes). */
export interface SumPlane {
  readonly offset: number;
  readonly stride: number;
  readonly width: number;
  readonly height: number;
}

/** Bytes read past the end of a source by the kernels' 16-byte loads. */
const READ_SLACK = 64;
const PAGE = 65536;
/** Kernel memory below this holds the module's own data. */
const HEAP_START = PAGE;

function align(value: number): number {
  return Math.ceil(value / 16) * 16;
}

/**
 * The pixel kernels with their memory. Memory is handed out by a bump allocator: what lives as long as the
 * painter first, per-frame scratch after a `mark()`, given back with `release()`.
 */
export class PixelKernels {
  private top = HEAP_START;

  private constructor(private readonly wasm: KernelExports) {}

  /** Compiles (once per realm) and instantiates the kernels. */
  static async load(): Promise<PixelKernels> {
    return new PixelKernels(await instantiateKernels());
  }

  /** Reserves `bytes` and returns their offset, growing the memory when needed. */
  allocate(bytes: number): number {
    const offset = this.top;
    this.top = align(offset + bytes + READ_SLACK);
    const missing = this.top - this.wasm.memory.buffer.byteLength;
    if (missing > 0) this.wasm.memory.grow(Math.ceil(missing / PAGE));
    return offset;
  }

  /** Where the allocator stands: `release(mark)` frees everything allocated since. */
  mark(): number {
    return this.top;
  }

  release(mark: number): void {
    this.top = mark;
  }

  /** A view of kernel memory (made fresh: growing the memory detaches earlier views). */
  bytes(offset: number, length: number): Uint8Array {
    return new Uint8Array(this.wasm.memory.buffer, offset, length);
  }

  /** Allocates an I420 picture of even size `width` x `height`. */
  allocateI420(width: number, height: number): I420Image {
    return i420Layout(this.allocate(i420Layout(0, width, height).byteLength), width, height);
  }

  /** Fills an I420 picture with one colour. */
  fill(image: I420Image, y: number, u: number, v: number): void {
    const bytes = this.bytes(image.offset, image.byteLength);
    const lumaBytes = image.width * image.height;
    const chromaBytes = lumaBytes / 4;
    bytes.fill(y, 0, lumaBytes);
    bytes.fill(u, lumaBytes, lumaBytes + chromaBytes);
    bytes.fill(v, lumaBytes + chromaBytes);
  }

  /** Copies one I420 picture over another of the same size. */
  copy(from: I420Image, to: I420Image): void {
    const memory = new Uint8Array(this.wasm.memory.buffer);
    memory.copyWithin(to.offset, from.offset, from.offset + from.byteLength);
  }

  /**
   * Copies `rect` (corners on even pixels) of `image` into newly allocated memory and returns a function that puts
   * those pixels back: what an overlay covers is restored without copying the whole picture.
   */
  save(image: I420Image, rect: PixelRect): () => void {
    const planes = [
      { plane: image.y, x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      { plane: image.u, x: rect.x >> 1, y: rect.y >> 1, width: rect.width >> 1, height: rect.height >> 1 },
      { plane: image.v, x: rect.x >> 1, y: rect.y >> 1, width: rect.width >> 1, height: rect.height >> 1 },
    ];
    const saved = planes.map(({ plane, x, y, width, height }) => {
      const at = this.allocate(width * height);
      const memory = new Uint8Array(this.wasm.memory.buffer);
      for (let row = 0; row < height; row++) {
        const from = plane.offset + (y + row) * plane.stride + x;
        memory.copyWithin(at + row * width, from, from + width);
      }
      return at;
    });
    return () => {
      const memory = new Uint8Array(this.wasm.memory.buffer);
      planes.forEach(({ plane, x, y, width, height }, index) => {
        const at = saved[index] as number;
        for (let row = 0; row < height; row++) {
          memory.copyWithin(plane.offset + (y + row) * plane.stride + x, at + row * width, at + (row + 1) * width);
        }
      });
    };
  }

  /**
   * Bilinear scale: the part of `src` whose top-left destination pixel samples at `origin` (continuous source
   * coordinates of that pixel's centre, minus half a destination step) into `rect` of `dst`; `alpha` 0..256 blends.
   * With `clip` (inside `rect`), only that part of `rect` is drawn, with exactly the pixels the whole would have.
   */
  scale(
    src: Plane,
    origin: { x: number; y: number },
    step: { x: number; y: number },
    dst: Plane,
    rect: PixelRect,
    alpha = 256,
    clip: PixelRect = rect,
  ): void {
    if (clip.width <= 0 || clip.height <= 0) return;
    const mark = this.mark();
    // Allocations start 16-byte aligned, as the kernel's scratch must.
    const scratch = this.allocate(12 * clip.width + src.step * src.width + 192);
    this.wasm.scalePlane(
      src.offset,
      src.stride,
      src.step,
      src.width,
      src.height,
      origin.x,
      origin.y,
      step.x,
      step.y,
      dst.offset + clip.y * dst.stride + clip.x,
      dst.stride,
      clip.width,
      clip.height,
      clip.x - rect.x,
      clip.y - rect.y,
      alpha,
      scratch,
    );
    this.release(mark);
  }

  /** Zeroed 16-bit sums for a `width` x `height` rectangle, newly allocated (see scaleAdd). */
  allocateSums(width: number, height: number): SumPlane {
    const stride = align(width * 2);
    const offset = this.allocate(stride * height);
    this.bytes(offset, stride * height).fill(0);
    return { offset, stride, width, height };
  }

  /**
   * The bilinear scale `scale` would draw into a rectangle the size of `sums` (same `origin` and `step`), added to
   * the sums instead: motion blur adds every view of its shutter, then `average` divides once.
   */
  scaleAdd(src: Plane, origin: { x: number; y: number }, step: { x: number; y: number }, sums: SumPlane): void {
    if (sums.width <= 0 || sums.height <= 0) return;
    const mark = this.mark();
    const scratch = this.allocate(12 * sums.width + src.step * src.width + 192);
    this.wasm.scalePlaneAdd(
      src.offset,
      src.stride,
      src.step,
      src.width,
      src.height,
      origin.x,
      origin.y,
      step.x,
      step.y,
      sums.offset,
      sums.stride,
      sums.width,
      sums.height,
      0,
      0,
      scratch,
    );
    this.release(mark);
  }

  /** Writes the mean of `count` views added into `sums` (scaleAdd) to `rect` of `dst`, the size of the sums. */
  average(sums: SumPlane, count: number, dst: Plane, rect: PixelRect): void {
    this.wasm.averageSums(
      sums.offset,
      sums.stride,
      dst.offset + rect.y * dst.stride + rect.x,
      dst.stride,
      Math.min(rect.width, sums.width),
      Math.min(rect.height, sums.height),
      count,
    );
  }

  /**
   * Where plane `b` differs from plane `a` (same size and layout), per band of `bandRows` rows: the first and the
   * end (exclusive) of the changed bytes, in the plane's bytes (a pixel is `step` bytes); null for a band that is
   * the same.
   */
  changedSpans(a: Plane, b: Plane, bandRows: number): ({ start: number; end: number } | null)[] {
    const bands = Math.ceil(a.height / bandRows);
    const mark = this.mark();
    const spans = this.allocate(8 * bands);
    this.wasm.changedSpans(a.offset, b.offset, a.stride, a.width * a.step, a.height, bandRows, spans);
    const values = new Int32Array(this.wasm.memory.buffer, spans, 2 * bands);
    const result = Array.from({ length: bands }, (_, band) => {
      const start = values[2 * band] as number;
      const end = values[2 * band + 1] as number;
      return end > 0 ? { start, end } : null;
    });
    this.release(mark);
    return result;
  }

  /** `src` at half size (2x2 box filter) in newly allocated memory; a planar result. */
  halve(src: Plane): Plane {
    const width = Math.max(1, src.width >> 1);
    const height = Math.max(1, src.height >> 1);
    const offset = this.allocate(width * height);
    if (src.width < 2 || src.height < 2) {
      this.bytes(offset, width * height).fill(this.bytes(src.offset, 1)[0] ?? 0);
    } else {
      this.wasm.halvePlane(src.offset, src.stride, src.step, offset, width, width, height);
    }
    return { offset, stride: width, step: 1, width, height };
  }

  /** Sets the RGB ⇄ YUV matrices `blendRgba` and `toRgba` convert with. */
  setEncoding(encoding: YuvEncoding): void {
    this.wasm.setRgbToYuv(...rgbToYuvFixedPoint(encoding));
    this.wasm.setYuvToRgb(...yuvToRgbFixedPoint(encoding));
  }

  /** `image` as opaque RGBA pixels, written into `rgba` (its width x height x 4 bytes, as ImageData holds them). */
  toRgba(image: I420Image, rgba: Uint8ClampedArray): void {
    const mark = this.mark();
    const bytes = image.width * image.height * 4;
    const offset = this.allocate(bytes);
    this.wasm.i420ToRgba(
      image.y.offset,
      image.y.stride,
      image.u.offset,
      image.v.offset,
      image.u.stride,
      image.width,
      image.height,
      offset,
      image.width * 4,
    );
    rgba.set(this.bytes(offset, bytes));
    this.release(mark);
  }

  /**
   * Blends straight-alpha RGBA pixels (`getImageData`'s) over `image` at `rect`, whose corners are on even pixels.
   */
  blendRgba(rgba: Uint8ClampedArray, image: I420Image, rect: PixelRect): void {
    if (rect.width <= 0 || rect.height <= 0) return;
    const mark = this.mark();
    const offset = this.allocate(rgba.length);
    this.bytes(offset, rgba.length).set(rgba);
    const cx = rect.x >> 1;
    const cy = rect.y >> 1;
    this.wasm.blendRgba(
      offset,
      rect.width * 4,
      rect.width,
      rect.height,
      image.y.offset + rect.y * image.y.stride + rect.x,
      image.y.stride,
      image.u.offset + cy * image.u.stride + cx,
      image.v.offset + cy * image.v.stride + cx,
      image.u.stride,
    );
    this.release(mark);
  }
}
