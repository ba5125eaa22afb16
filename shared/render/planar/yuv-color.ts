/**
 * How RGB and 8-bit YUV relate for the planar painter. The export keeps the source video's YUV encoding (its
 * matrix and range) and tags the frames it makes with it, so the video's own pixels pass through unconverted and
 * only what we draw (background, cursor, overlays) is converted, with the same matrix.
 */

/** The YUV matrices we convert with: BT.709 (HD), BT.601 (SD, also called bt470bg / smpte170m), BT.2020. */
export const ALL_YUV_MATRICES = ['bt709', 'bt601', 'bt2020'] as const;
export type YuvMatrix = (typeof ALL_YUV_MATRICES)[number];

/** A YUV encoding: matrix and range (full 0-255, or limited: luma 16-235, chroma 16-240). */
export interface YuvEncoding {
  readonly matrix: YuvMatrix;
  readonly fullRange: boolean;
}

/** Luma weights of red and blue per matrix (green is the rest). */
const LUMA_WEIGHTS: Readonly<Record<YuvMatrix, { readonly kr: number; readonly kb: number }>> = {
  bt709: { kr: 0.2126, kb: 0.0722 },
  bt601: { kr: 0.299, kb: 0.114 },
  bt2020: { kr: 0.2627, kb: 0.0593 },
};

/** VideoColorSpace matrix names → our matrices. */
const MATRIX_OF_COLOR_SPACE: Readonly<Record<string, YuvMatrix>> = {
  bt709: 'bt709',
  bt470bg: 'bt601',
  smpte170m: 'bt601',
  'bt2020-ncl': 'bt2020',
};

/** VideoColorSpace matrix name for each of our matrices. */
const COLOR_SPACE_MATRIX: Readonly<Record<YuvMatrix, VideoMatrixCoefficients>> = {
  bt709: 'bt709',
  bt601: 'smpte170m',
  // Browsers report and accept it; TypeScript's DOM types do not list it yet.
  bt2020: 'bt2020-ncl' as VideoMatrixCoefficients,
};

/** What a frame without colour information is taken to be: what browsers and players assume for HD video. */
export const DEFAULT_YUV_ENCODING: YuvEncoding = { matrix: 'bt709', fullRange: false };

/** The YUV encoding of a decoded frame's colour space (BT.709 limited where it says nothing or something unknown). */
export function yuvEncodingOf(colorSpace: VideoColorSpaceInit | null | undefined): YuvEncoding {
  const matrix = colorSpace?.matrix ? MATRIX_OF_COLOR_SPACE[colorSpace.matrix] : undefined;
  return { matrix: matrix ?? DEFAULT_YUV_ENCODING.matrix, fullRange: colorSpace?.fullRange ?? false };
}

/**
 * The colour space to tag frames of `encoding` with, keeping the source's primaries and transfer when it has them
 * (the encoder writes the tag into the file, so players decode the pixels as they were made).
 */
export function colorSpaceFor(encoding: YuvEncoding, source?: VideoColorSpaceInit | null): VideoColorSpaceInit {
  return {
    matrix: COLOR_SPACE_MATRIX[encoding.matrix],
    fullRange: encoding.fullRange,
    primaries: source?.primaries ?? 'bt709',
    transfer: source?.transfer ?? 'bt709',
  };
}

/** Scale of luma and chroma from 0-255 RGB: full range uses it all, limited range 219 and 224 steps. */
function rangeScales(encoding: YuvEncoding): { luma: number; chroma: number; lumaOffset: number } {
  return encoding.fullRange
    ? { luma: 1, chroma: 1, lumaOffset: 0 }
    : { luma: 219 / 255, chroma: 224 / 255, lumaOffset: 16 };
}

/** RGB (0-255) → YUV (0-255, unrounded) in `encoding`. */
export function rgbToYuv(encoding: YuvEncoding, r: number, g: number, b: number): [number, number, number] {
  const { kr, kb } = LUMA_WEIGHTS[encoding.matrix];
  const scale = rangeScales(encoding);
  const luma = kr * r + (1 - kr - kb) * g + kb * b;
  return [
    scale.lumaOffset + scale.luma * luma,
    128 + (scale.chroma * (b - luma)) / (2 * (1 - kb)),
    128 + (scale.chroma * (r - luma)) / (2 * (1 - kr)),
  ];
}

/** YUV in `encoding` → RGB (0-255, unrounded, unclamped). */
export function yuvToRgb(encoding: YuvEncoding, y: number, u: number, v: number): [number, number, number] {
  const { kr, kb } = LUMA_WEIGHTS[encoding.matrix];
  const scale = rangeScales(encoding);
  const luma = (y - scale.lumaOffset) / scale.luma;
  const r = luma + ((v - 128) / scale.chroma) * 2 * (1 - kr);
  const b = luma + ((u - 128) / scale.chroma) * 2 * (1 - kb);
  const g = (luma - kr * r - kb * b) / (1 - kr - kb);
  return [r, g, b];
}

/**
 * The RGB → YUV matrix as the kernels take it (`setRgbToYuv`): 16.16 fixed point, rounding folded into the
 * offsets, in the order yR, yG, yB, yOffset, uR, uG, uB, vR, vG, vB, uvOffset.
 */
export function rgbToYuvFixedPoint(encoding: YuvEncoding): readonly number[] {
  const { kr, kb } = LUMA_WEIGHTS[encoding.matrix];
  const kg = 1 - kr - kb;
  const scale = rangeScales(encoding);
  const one = 65536;
  const fixed = (value: number) => Math.round(value * one);
  const u = scale.chroma / (2 * (1 - kb));
  const v = scale.chroma / (2 * (1 - kr));
  return [
    fixed(scale.luma * kr),
    fixed(scale.luma * kg),
    fixed(scale.luma * kb),
    fixed(scale.lumaOffset) + one / 2,
    fixed(-u * kr),
    fixed(-u * kg),
    fixed(u * (1 - kb)),
    fixed(v * (1 - kr)),
    fixed(-v * kg),
    fixed(-v * kb),
    fixed(128) + one / 2,
  ];
}

/**
 * The YUV → RGB matrix as the kernels take it (`setYuvToRgb`): 16.16 fixed point, in the order luma scale, luma
 * offset, red from V, green from U, green from V, blue from U (the inverse of rgbToYuv).
 */
export function yuvToRgbFixedPoint(encoding: YuvEncoding): readonly number[] {
  const { kr, kb } = LUMA_WEIGHTS[encoding.matrix];
  const kg = 1 - kr - kb;
  const scale = rangeScales(encoding);
  const fixed = (value: number) => Math.round(value * 65536);
  const redFromV = (2 * (1 - kr)) / scale.chroma;
  const blueFromU = (2 * (1 - kb)) / scale.chroma;
  return [
    fixed(1 / scale.luma),
    scale.lumaOffset,
    fixed(redFromV),
    fixed((kb * blueFromU) / kg),
    fixed((kr * redFromV) / kg),
    fixed(blueFromU),
  ];
}
