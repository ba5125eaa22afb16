// What the planar painter keeps between frames, and the typed keys that say when it is still good: a camera view,
// the shape of a decoded frame's planes, the watermark's place.
import type { Rect } from '../../geometry/geometry';
import type { FrameLayout } from '../layout';
import type { FrameRedaction } from '../redactions';
import type { PixelKernels } from './kernels';
import type { PixelRect, YuvPlanes } from './planes';

export function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** A camera view: the part of the video shown, and the earlier views its motion blur fades in. */
export interface ViewKey {
  readonly rect: Rect;
  readonly motionBlur: readonly Rect[];
  /** What is hidden in the decoded frame: another set of boxes needs the frame drawn again. */
  readonly redaction: FrameRedaction;
}

export function sameView(a: ViewKey, b: ViewKey): boolean {
  return (
    sameRect(a.rect, b.rect) &&
    a.motionBlur.length === b.motionBlur.length &&
    a.motionBlur.every((rect, i) => sameRect(rect, b.motionBlur[i] as Rect)) &&
    a.redaction.style === b.redaction.style &&
    a.redaction.rects.length === b.redaction.rects.length &&
    a.redaction.rects.every((rect, i) => sameRect(rect, b.redaction.rects[i] as Rect))
  );
}

/** How a decoded frame's planes lie in memory: two frames of one shape can be compared byte for byte. */
export interface SourceShape {
  readonly format: VideoPixelFormat;
  readonly width: number;
  readonly height: number;
  readonly planes: readonly { readonly offset: number; readonly stride: number }[];
}

export function sameShape(a: SourceShape, b: SourceShape): boolean {
  return (
    a.format === b.format &&
    a.width === b.width &&
    a.height === b.height &&
    a.planes.length === b.planes.length &&
    a.planes.every((p, i) => p.offset === b.planes[i]?.offset && p.stride === b.planes[i]?.stride)
  );
}

/** What the watermark's pixels depend on (see drawWatermark): its size and the corner it sits in. */
export interface WatermarkPlace {
  readonly unit: number;
  readonly width: number;
  readonly height: number;
  readonly webcamOnRight: boolean;
}

export function watermarkPlaceOf(layout: FrameLayout): WatermarkPlace {
  return {
    unit: layout.unit,
    width: layout.canvas.width,
    height: layout.canvas.height,
    webcamOnRight: layout.webcam ? layout.webcam.rect.x > layout.canvas.width / 2 : true,
  };
}

export function samePlace(a: WatermarkPlace, b: WatermarkPlace): boolean {
  return a.unit === b.unit && a.width === b.width && a.height === b.height && a.webcamOnRight === b.webcamOnRight;
}

/** RGBA pixels read back from a canvas at an even-edged rectangle. */
export interface Patch {
  readonly rect: PixelRect;
  readonly pixels: Uint8ClampedArray;
}

/** One value kept for the last key it was made for; made again for another key. */
export class KeyedValue<K, V> {
  private entry: { key: K; value: V } | null = null;
  constructor(private readonly same: (a: K, b: K) => boolean) {}
  get(key: K, make: () => V): V {
    if (!this.entry || !this.same(this.entry.key, key)) this.entry = { key, value: make() };
    return this.entry.value;
  }
}

/** A decoded frame copied into kernel memory. */
export interface DecodedSource {
  readonly planes: YuvPlanes;
  readonly shape: SourceShape;
}

/**
 * Two slots of kernel memory for decoded frames, taken in turn: the frame copied now goes into the slot the last
 * one is not in, so the two can be compared.
 */
export class SourceSlots {
  private slots: { bytes: number; offsets: [number, number] } | null = null;
  private last: (DecodedSource & { slot: 0 | 1 }) | null = null;

  constructor(private readonly kernels: PixelKernels) {}

  /** The frame before (null after a change of size), and the offset of the slot for the next one, `bytes` long. */
  take(bytes: number): { previous: DecodedSource | null; offset: number; keep(source: DecodedSource): void } {
    if (!this.slots || this.slots.bytes < bytes) {
      // Allocated while no frame's scratch is: these live as long as the painter.
      this.slots = { bytes, offsets: [this.kernels.allocate(bytes), this.kernels.allocate(bytes)] };
      this.last = null;
    }
    const previous = this.last;
    this.last = null;
    const slot = previous?.slot === 0 ? 1 : 0;
    return {
      previous,
      offset: this.slots.offsets[slot],
      keep: (source) => {
        this.last = { ...source, slot };
      },
    };
  }
}
