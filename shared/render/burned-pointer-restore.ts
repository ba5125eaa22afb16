// Restoring what the burned-in pointer covered from a clean neighbour's pixels (chosen by clean-neighbour-choice.ts),
// where they match the frame around the boxes; the rest filled from around.
import type { Rect } from '../geometry/geometry';
import { fillUnionFromBorder, type PixelBox, type PixelPlane, pixelBox } from './burned-pointer';
import { BURNED_POINTER_RESTORE, type PatchCut } from './clean-neighbour-choice';

/**
 * A clean neighbour's pixels for one frame, plane by plane like the frame's own (RGB channels, or Y, U and V with
 * chroma at half size), each plane in its own coordinates: pixel (0, 0) of the cut is the frame's (x, y) (halved for
 * a half-size plane).
 */
export interface PatchPlanes {
  /** Where the cut lies in the frame's full-size pixels (even). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly planes: readonly PixelPlane[];
  /** The rectangles (normalized video) it restores: equal to some of the erased ones. */
  readonly rects: readonly Rect[];
}

/** How many erased boxes were restored from a neighbour and how many filled from around. */
export interface ErasedCount {
  readonly restored: number;
  readonly filled: number;
}

/**
 * Erases the burned-in pointer (`rects`, normalized) from a frame's planes (`planes[i]` at 1 / `shrink[i]` of the
 * full size: 1 for RGB channels and luma, 2 for 4:2:0 chroma): each rectangle restored from the patch that has it,
 * where that patch matches the frame on the ring around its boxes (BURNED_POINTER_RESTORE.matchLevels, outside
 * every erased box), the rest filled from around after the copies (so a fill reads true pixels at its border).
 */
export function erasePointer(
  planes: readonly PixelPlane[],
  shrink: readonly number[],
  rects: readonly Rect[],
  patches: readonly PatchPlanes[] = [],
): ErasedCount {
  if (rects.length === 0) return { restored: 0, filled: 0 };
  const full = planes[0] as PixelPlane;
  const fullSize = { width: full.width * (shrink[0] ?? 1), height: full.height * (shrink[0] ?? 1) };
  const erased = rects.map((rect) => pixelBox(rect, fullSize.width, fullSize.height));
  // A patch names the rectangles it restores by value: they come from burnedPointerRects for the same frame, made
  // again in another worker or page.
  const restored = new Set<string>();
  for (const patch of patches) {
    if (!matchesAround(planes, shrink, patch, erased)) continue;
    planes.forEach((plane, i) => {
      const s = shrink[i] ?? 1;
      const from = patch.planes[i];
      if (!from) return;
      for (const rect of patch.rects) {
        const box = pixelBox(rect, plane.width, plane.height);
        copyWithin(plane, from, box, {
          x: patch.x / s,
          y: patch.y / s,
          width: patch.width / s,
          height: patch.height / s,
        });
      }
    });
    for (const rect of patch.rects) restored.add(rectKey(rect));
  }
  const rest = rects.filter((rect) => !restored.has(rectKey(rect)));
  if (rest.length > 0) {
    planes.forEach((plane) => {
      fillUnionFromBorder(
        plane,
        rest.map((rect) => pixelBox(rect, plane.width, plane.height)),
      );
    });
  }
  return { restored: rects.length - rest.length, filled: rest.length };
}

/** A rectangle as a key: equal rectangles, equal keys. */
export function rectKey(rect: Rect): string {
  return `${rect.x},${rect.y},${rect.width},${rect.height}`;
}

/** Copies `box` (whole pixels of `target`) from `patch`, which holds the pixels of `cut` of the same plane. */
function copyWithin(target: PixelPlane, patch: PixelPlane, box: PixelBox, cut: Rect): void {
  const x0 = Math.max(0, box.x0, cut.x);
  const y0 = Math.max(0, box.y0, cut.y);
  const x1 = Math.min(target.width, box.x1, cut.x + cut.width);
  const y1 = Math.min(target.height, box.y1, cut.y + cut.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      target.data[target.offset + y * target.stride + x * target.step] =
        patch.data[patch.offset + (y - cut.y) * patch.stride + (x - cut.x) * patch.step] ?? 0;
    }
  }
}

/**
 * Whether `patch` shows what the frame shows on the ring around its boxes: inside the cut, outside every erased box
 * of the frame (`erased`, full-size pixels), the mean difference of every plane within matchLevels. A cut with no
 * such pixel (a ring all covered by the pointer) cannot be checked and is not used.
 */
function matchesAround(
  planes: readonly PixelPlane[],
  shrink: readonly number[],
  patch: PatchPlanes,
  erased: readonly PixelBox[],
): boolean {
  return planes.every((plane, i) => {
    const from = patch.planes[i];
    if (!from) return false;
    const s = shrink[i] ?? 1;
    const cut = { x: patch.x / s, y: patch.y / s, width: patch.width / s, height: patch.height / s };
    // The cut's pixels under an erased box: not compared.
    const covered = new Uint8Array(cut.width * cut.height);
    for (const b of erased) {
      const x0 = Math.max(0, Math.floor(b.x0 / s) - cut.x);
      const x1 = Math.min(cut.width, Math.ceil(b.x1 / s) - cut.x);
      for (
        let y = Math.max(0, Math.floor(b.y0 / s) - cut.y);
        y < Math.min(cut.height, Math.ceil(b.y1 / s) - cut.y);
        y++
      )
        if (x1 > x0) covered.fill(1, y * cut.width + x0, y * cut.width + x1);
    }
    let sum = 0;
    let count = 0;
    for (let y = 0; y < Math.min(cut.height, plane.height - cut.y); y++) {
      for (let x = 0; x < Math.min(cut.width, plane.width - cut.x); x++) {
        if (covered[y * cut.width + x]) continue;
        const a = plane.data[plane.offset + (y + cut.y) * plane.stride + (x + cut.x) * plane.step] ?? 0;
        const b = from.data[from.offset + y * from.stride + x * from.step] ?? 0;
        sum += Math.abs(a - b);
        count++;
      }
    }
    return count > 0 && sum / count <= BURNED_POINTER_RESTORE.matchLevels;
  });
}

/** A clean neighbour's cut as the export carries it to its painters (structured-cloneable): I420, tightly packed. */
export interface CleanPatch extends Omit<PatchCut, 'forMs'> {
  /** Luma (width × height), then U and V at half size both ways. */
  readonly data: Uint8Array;
  /** The colour space of the video it was cut from (what a Canvas 2D painter converts it to RGB with). */
  readonly colorSpace?: VideoColorSpaceInit;
}

/** A clean neighbour the paused preview has decoded whole: the same cut, taken from the frame itself. */
export interface FramePatch extends Omit<PatchCut, 'forMs'> {
  readonly frame: CanvasImageSource;
}

/** What a painter restores the burned-in pointer from. */
export type SourcePatch = CleanPatch | FramePatch;

/** A CleanPatch's three planes (Y, U, V). */
export function i420PatchPlanes(patch: CleanPatch): PatchPlanes {
  const { width, height, data } = patch;
  const chroma = { step: 1, stride: width / 2, width: width / 2, height: height / 2 };
  return {
    ...patch,
    planes: [
      { data, offset: 0, step: 1, stride: width, width, height },
      { data, offset: width * height, ...chroma },
      { data, offset: (width * height * 5) / 4, ...chroma },
    ],
  };
}
