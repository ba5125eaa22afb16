// Cross-profiles of thin dark lines on a light page in decoded frames: how many dark runs a line makes (a motion blur
// that draws copies of earlier views makes two or more: a second edge), how dark and how wide. The motion blur test
// reads them across the lines of tests/fixtures/builders/synthetic-recording.ts's lines scene.

/** Luma (BT.601 weights, 0-255) of the pixel at (x, y) of an RGB frame `width` pixels wide. */
export function lumaAt(rgb: Uint8Array, width: number, x: number, y: number): number {
  const i = (y * width + x) * 3;
  return 0.299 * (rgb[i] ?? 0) + 0.587 * (rgb[i + 1] ?? 0) + 0.114 * (rgb[i + 2] ?? 0);
}

/**
 * The luma along a horizontal (`across: 'x'`, at row `at`) or vertical (`across: 'y'`, at column `at`) segment from
 * `from` to `to` (exclusive), each value the mean of the three rows or columns around `at` (codec noise averaged).
 */
export function profileOf(
  rgb: Uint8Array,
  width: number,
  across: 'x' | 'y',
  at: number,
  from: number,
  to: number,
): number[] {
  const values: number[] = [];
  for (let p = from; p < to; p++) {
    let sum = 0;
    for (let d = -1; d <= 1; d++) sum += across === 'x' ? lumaAt(rgb, width, p, at + d) : lumaAt(rgb, width, at + d, p);
    values.push(sum / 3);
  }
  return values;
}

/** A profile's dark runs: where it is darker than its page by more than a threshold. */
export interface DarkRuns {
  /** The page's luma (the profile's median: most of it is page). */
  readonly page: number;
  /** How much darker than the page its darkest point is. */
  readonly depth: number;
  /** Runs of pixels deeper than the threshold, [start, end) along the profile. */
  readonly runs: readonly { readonly start: number; readonly end: number }[];
}

/**
 * The runs of `profile` darker than its page by more than `fraction` of its own depth (and by at least `floor`
 * levels, above codec noise). A line streaked by motion blur is one run, however faint; a line with a copy of it
 * drawn a few pixels off (a double exposure) is two.
 */
export function darkRuns(profile: readonly number[], fraction: number, floor = 8): DarkRuns {
  const sorted = [...profile].sort((a, b) => a - b);
  const page = sorted[Math.floor(sorted.length / 2)] ?? 255;
  const depth = page - (sorted[0] ?? page);
  const threshold = Math.max(floor, fraction * depth);
  const runs: { start: number; end: number }[] = [];
  profile.forEach((value, i) => {
    if (page - value <= threshold) return;
    const last = runs[runs.length - 1];
    if (last && last.end === i) last.end = i + 1;
    else runs.push({ start: i, end: i + 1 });
  });
  return { page, depth, runs };
}
