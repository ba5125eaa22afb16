/** An axis-aligned rectangle. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A size in pixels (a canvas, a video). */
export interface OutputSize {
  readonly width: number;
  readonly height: number;
}

/** A point. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** `value` limited to [min, max] (min wins when the range is empty). */
export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/** Linear interpolation from a to b. */
export function lerp(a: number, b: number, amount: number): number {
  return a + (b - a) * amount;
}

/** The largest rectangle of aspect `aspect` (width/height) centred in `box`. */
export function fitInside(box: Rect, aspect: number): Rect {
  const width = Math.min(box.width, box.height * aspect);
  const height = width / aspect;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The index of the last item whose time is <= t, or -1 (items sorted by time). */
export function lastIndexAtOrBefore<T>(items: readonly T[], t: number, timeOf: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (timeOf(items[mid] as T) <= t) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
