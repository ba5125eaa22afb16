// Pixel kernels of the planar painter (8-bit YUV planes), compiled to WebAssembly with SIMD by
// `npm run build:kernels` into ../kernels-wasm.ts. AssemblyScript, not TypeScript: `i32`, `usize`, `v128` are
// machine types and `load`/`store` read and write this module's memory. Every pointer is a byte offset into
// that memory, laid out by the caller (../kernels.ts); nothing here allocates.

/** Bytes of scratch per group of 8 destination columns: base offset, tap shuffle, weights (see scalePlane). */
const GROUP_BYTES: usize = 64;

/**
 * Bilinear scale of one plane region into a destination rectangle, optionally blended over it.
 * Destination pixel (i, j) samples the source at (originX + (i + 0.5) * stepX - 0.5, originY + (j + 0.5) * stepY - 0.5),
 * in source pixels, clamped to the plane. Only the `dstWidth` x `dstHeight` pixels from (`firstColumn`, `firstRow`)
 * of that mapping are drawn, at `dst`: a part drawn alone is exactly what the whole would have there.
 * `srcStep` is 1 for a planar source and 2 for one channel of an interleaved one (NV12's UV). `alpha` is 0..256: 256 replaces, less blends over what is there.
 * `scratch` needs 12 * dstWidth + srcStep * srcWidth + 192 bytes, 16-byte aligned.
 * The source is read up to 15 bytes past the end of its last row.
 *
 * Two passes per destination row: a vertical blend of the two source rows (16 bytes at a time) into an 8-bit
 * row, then a horizontal one. Where the taps of every 8 destination pixels lie within 16 bytes (any zoom, and
 * shrinking down to about 0.6 of the size, which is as far as the painter shrinks before halving), the horizontal
 * pass gathers them with one shuffle and blends 8 pixels at a time; otherwise it goes pixel by pixel.
 */
export function scalePlane(
  src: usize,
  srcStride: i32,
  srcStep: i32,
  srcWidth: i32,
  srcHeight: i32,
  originX: f64,
  originY: f64,
  stepX: f64,
  stepY: f64,
  dst: usize,
  dstStride: i32,
  dstWidth: i32,
  dstHeight: i32,
  firstColumn: i32,
  firstRow: i32,
  alpha: i32,
  scratch: usize,
): void {
  scaleInto<u8>(
    src,
    srcStride,
    srcStep,
    srcWidth,
    srcHeight,
    originX,
    originY,
    stepX,
    stepY,
    dst,
    dstStride,
    dstWidth,
    dstHeight,
    firstColumn,
    firstRow,
    alpha,
    scratch,
  );
}

/**
 * The same bilinear scale as scalePlane, its 8-bit results added to 16-bit sums at `dst` (`dstStride` in bytes)
 * instead of drawn: motion blur sums the sub-frame views of a shutter this way, then averageSums divides once, so
 * every view weighs the same and nothing is rounded along the way.
 */
export function scalePlaneAdd(
  src: usize,
  srcStride: i32,
  srcStep: i32,
  srcWidth: i32,
  srcHeight: i32,
  originX: f64,
  originY: f64,
  stepX: f64,
  stepY: f64,
  dst: usize,
  dstStride: i32,
  dstWidth: i32,
  dstHeight: i32,
  firstColumn: i32,
  firstRow: i32,
  scratch: usize,
): void {
  scaleInto<u16>(
    src,
    srcStride,
    srcStep,
    srcWidth,
    srcHeight,
    originX,
    originY,
    stepX,
    stepY,
    dst,
    dstStride,
    dstWidth,
    dstHeight,
    firstColumn,
    firstRow,
    256,
    scratch,
  );
}

/**
 * Divides `width` x `height` 16-bit sums at `sums` (`sumsStride` bytes per row) by `count` (1..256), rounded, into
 * 8-bit pixels at `dst`: the mean of the views scalePlaneAdd summed.
 */
export function averageSums(
  sums: usize,
  sumsStride: i32,
  dst: usize,
  dstStride: i32,
  width: i32,
  height: i32,
  count: i32,
): void {
  // sum / count as (sum * reciprocal + half) >> 16: within 0.07 of the exact quotient for sums up to 256 * 255.
  const reciprocal = <u32>Math.round(65536.0 / <f64>count);
  const scale = i32x4.splat(<i32>reciprocal);
  const half = i32x4.splat(32768);
  const whole = width & ~7;
  for (let j = 0; j < height; j++) {
    const row = sums + <usize>(j * sumsStride);
    const out = dst + <usize>(j * dstStride);
    for (let i = 0; i < whole; i += 8) {
      const value = v128.load(row + ((<usize>i) << 1));
      const low = i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.extend_low_i16x8_u(value), scale), half), 16);
      const high = i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.extend_high_i16x8_u(value), scale), half), 16);
      const narrow = i16x8.narrow_i32x4_u(low, high);
      v128.store64_lane(out + <usize>i, i8x16.narrow_i16x8_u(narrow, narrow), 0);
    }
    for (let i = whole; i < width; i++) {
      const value = (<u32>load<u16>(row + ((<usize>i) << 1)) * reciprocal + 32768) >> 16;
      store<u8>(out + <usize>i, <u8>min<u32>(value, 255));
    }
  }
}

/** scalePlane (T = u8) and scalePlaneAdd (T = u16, `alpha` unused): one body, the destination's type chosen at compile time. */
function scaleInto<T>(
  src: usize,
  srcStride: i32,
  srcStep: i32,
  srcWidth: i32,
  srcHeight: i32,
  originX: f64,
  originY: f64,
  stepX: f64,
  stepY: f64,
  dst: usize,
  dstStride: i32,
  dstWidth: i32,
  dstHeight: i32,
  firstColumn: i32,
  firstRow: i32,
  alpha: i32,
  scratch: usize,
): void {
  const sums = sizeof<T>() === 2;
  if (dstWidth <= 0 || dstHeight <= 0 || srcWidth <= 0 || srcHeight <= 0) return;
  if (
    !sums &&
    alpha >= 256 &&
    srcStep === 1 &&
    stepX === 1.0 &&
    stepY === 1.0 &&
    originX === Math.floor(originX) &&
    originY === Math.floor(originY) &&
    originX >= 0 &&
    originY >= 0 &&
    <i32>originX + firstColumn + dstWidth <= srcWidth &&
    <i32>originY + firstRow + dstHeight <= srcHeight
  ) {
    // Same size, whole-pixel offset: a copy.
    const from = src + <usize>((<i32>originY + firstRow) * srcStride + <i32>originX + firstColumn);
    for (let j = 0; j < dstHeight; j++) {
      memory.copy(dst + <usize>(j * dstStride), from + <usize>(j * srcStride), <usize>dstWidth);
    }
    return;
  }

  // Per group of 8 destination columns (GROUP_BYTES each): the byte offset in the row where its taps start (i32),
  // a shuffle picking the left taps into bytes 0-7 and the right ones into 8-15, the right taps' weights and the
  // left ones' (i16 x 8 each). Per column, for the pixel-by-pixel pass: left tap offset << 8 | right weight (i32).
  const groups = (dstWidth + 7) >> 3;
  const groupTable = scratch;
  const columns = groupTable + <usize>groups * GROUP_BYTES;
  const row = (columns + ((<usize>dstWidth) << 2) + 15) & ~(<usize>15);
  const lastX = <f64>(srcWidth - 1);
  const maxLeft = srcWidth > 1 ? srcWidth - 2 : 0;
  const next = srcWidth > 1 ? srcStep : 0;
  let minLeft = maxLeft;
  let maxRight = 0;
  let gathered = true;
  for (let group = 0; group < groups; group++) {
    const entry = groupTable + <usize>group * GROUP_BYTES;
    let base = 0;
    for (let k = 0; k < 8; k++) {
      // Columns past the end repeat the last one (their results are not stored).
      const i = min(group * 8 + k, dstWidth - 1);
      let x = originX + (<f64>(i + firstColumn) + 0.5) * stepX - 0.5;
      if (x < 0) x = 0;
      if (x > lastX) x = lastX;
      let left = <i32>Math.floor(x);
      if (left > maxLeft) left = maxLeft;
      let weight = <i32>Math.round((x - <f64>left) * 256);
      if (weight > 255) weight = 255;
      const offset = left * srcStep;
      if (k === 0) base = offset;
      const span = offset + next - base;
      if (span > 15) gathered = false;
      store<u8>(entry + 4 + <usize>k, <u8>(span - next));
      store<u8>(entry + 12 + <usize>k, <u8>span);
      store<i16>(entry + 20 + ((<usize>k) << 1), <i16>weight);
      store<i16>(entry + 36 + ((<usize>k) << 1), <i16>(256 - weight));
      if (group * 8 + k < dstWidth) store<i32>(columns + ((<usize>i) << 2), (offset << 8) | weight);
      if (left < minLeft) minLeft = left;
      if (left > maxRight) maxRight = left;
    }
    store<i32>(entry, base);
  }
  // Bytes of a source row the columns read: the vertical pass blends only those.
  const firstByte = (minLeft * srcStep) & ~15;
  const endByte = (maxRight + 1) * srcStep + srcStep;
  const lastY = <f64>(srcHeight - 1);
  const maxTop = srcHeight > 1 ? srcHeight - 2 : 0;
  const blend = alpha < 256;
  const alphaVector = i16x8.splat(<i16>alpha);
  const inverseAlphaVector = i16x8.splat(<i16>(256 - alpha));
  const half = i16x8.splat(128);
  const fullGroups = dstWidth >> 3;

  for (let j = 0; j < dstHeight; j++) {
    let y = originY + (<f64>(j + firstRow) + 0.5) * stepY - 0.5;
    if (y < 0) y = 0;
    if (y > lastY) y = lastY;
    let top = <i32>Math.floor(y);
    if (top > maxTop) top = maxTop;
    const weightY = <i32>Math.round((y - <f64>top) * 256);
    const row0 = src + <usize>(top * srcStride);
    const row1 = srcHeight > 1 ? row0 + <usize>srcStride : row0;
    // Vertical pass, 16 bytes at a time: (row0 * (256 - w) + row1 * w + 128) >> 8.
    const w1 = i16x8.splat(<i16>weightY);
    const w0 = i16x8.splat(<i16>(256 - weightY));
    for (let b = firstByte; b < endByte; b += 16) {
      const a = v128.load(row0 + <usize>b);
      const c = v128.load(row1 + <usize>b);
      const low = i16x8.shr_u(
        i16x8.add(
          i16x8.add(i16x8.mul(i16x8.extend_low_i8x16_u(a), w0), i16x8.mul(i16x8.extend_low_i8x16_u(c), w1)),
          half,
        ),
        8,
      );
      const high = i16x8.shr_u(
        i16x8.add(
          i16x8.add(i16x8.mul(i16x8.extend_high_i8x16_u(a), w0), i16x8.mul(i16x8.extend_high_i8x16_u(c), w1)),
          half,
        ),
        8,
      );
      v128.store(row + <usize>b, i8x16.narrow_i16x8_u(low, high));
    }
    const out = dst + <usize>(j * dstStride);
    let done = 0;
    if (gathered) {
      // Horizontal pass, 8 pixels at a time.
      for (let group = 0; group < fullGroups; group++) {
        const entry = groupTable + <usize>group * GROUP_BYTES;
        const taps = i8x16.swizzle(v128.load(row + <usize>load<i32>(entry)), v128.load(entry + 4));
        let value = i16x8.shr_u(
          i16x8.add(
            i16x8.add(
              i16x8.mul(i16x8.extend_low_i8x16_u(taps), v128.load(entry + 36)),
              i16x8.mul(i16x8.extend_high_i8x16_u(taps), v128.load(entry + 20)),
            ),
            half,
          ),
          8,
        );
        if (sums) {
          const o = out + ((<usize>group) << 4);
          v128.store(o, i16x8.add(v128.load(o), value));
          continue;
        }
        const o = out + <usize>(group << 3);
        if (blend) {
          const under = i16x8.extend_low_i8x16_u(v128.load64_zero(o));
          value = i16x8.shr_u(
            i16x8.add(i16x8.add(i16x8.mul(value, alphaVector), i16x8.mul(under, inverseAlphaVector)), half),
            8,
          );
        }
        v128.store64_lane(o, i8x16.narrow_i16x8_u(value, value), 0);
      }
      done = fullGroups << 3;
    }
    // Pixel by pixel: the last few columns, or all where the taps spread too far for one shuffle.
    const nextBytes = <usize>next;
    for (let i = done; i < dstWidth; i++) {
      const column = load<i32>(columns + ((<usize>i) << 2));
      const weight = <u32>(column & 255);
      const p = row + <usize>(column >> 8);
      let value = (<u32>load<u8>(p) * (256 - weight) + <u32>load<u8>(p + nextBytes) * weight + 128) >> 8;
      if (sums) {
        const o = out + ((<usize>i) << 1);
        store<u16>(o, <u16>(<u32>load<u16>(o) + value));
        continue;
      }
      const o = out + <usize>i;
      if (blend) value = (value * <u32>alpha + <u32>load<u8>(o) * <u32>(256 - alpha) + 128) >> 8;
      store<u8>(o, <u8>value);
    }
  }
}

/**
 * Where two planes of the same layout differ, band by band: for each band of `bandRows` rows (the last may be
 * shorter), the first differing byte of its rows and the end of the last (exclusive), as two i32 at `spans`;
 * 0, 0 for a band with no difference. Rows are `rowBytes` long; each is compared from both ends, so a row's cost
 * is what lies outside its changed span.
 */
export function changedSpans(
  a: usize,
  b: usize,
  stride: i32,
  rowBytes: i32,
  rows: i32,
  bandRows: i32,
  spans: usize,
): void {
  const whole = rowBytes & ~15;
  for (let band = 0; band * bandRows < rows; band++) {
    let first = rowBytes;
    let end = 0;
    const last = min(rows, (band + 1) * bandRows);
    for (let j = band * bandRows; j < last; j++) {
      const rowA = a + <usize>(j * stride);
      const rowB = b + <usize>(j * stride);
      // From the left: 16 bytes at a time, then byte by byte within the first block that differs.
      let left = 0;
      while (left < whole && !v128.any_true(v128.xor(v128.load(rowA + <usize>left), v128.load(rowB + <usize>left)))) {
        left += 16;
      }
      while (left < rowBytes && load<u8>(rowA + <usize>left) === load<u8>(rowB + <usize>left)) left++;
      if (left === rowBytes) continue;
      // From the right, down to the left edge found.
      let right = rowBytes;
      while (
        right > left &&
        right > whole &&
        load<u8>(rowA + <usize>(right - 1)) === load<u8>(rowB + <usize>(right - 1))
      ) {
        right--;
      }
      while (
        right - 16 >= left &&
        !v128.any_true(v128.xor(v128.load(rowA + <usize>(right - 16)), v128.load(rowB + <usize>(right - 16))))
      ) {
        right -= 16;
      }
      while (load<u8>(rowA + <usize>(right - 1)) === load<u8>(rowB + <usize>(right - 1))) right--;
      if (left < first) first = left;
      if (right > end) end = right;
    }
    const entry = spans + ((<usize>band) << 3);
    store<i32>(entry, end > 0 ? first : 0);
    store<i32>(entry, end, 4);
  }
}

/**
 * Halves a plane region with a 2x2 box filter: `dstWidth` x `dstHeight` pixels from twice as many source pixels.
 * Used before `scalePlane` when the picture shrinks a lot, where bilinear alone would alias (like mipmaps).
 */
export function halvePlane(
  src: usize,
  srcStride: i32,
  srcStep: i32,
  dst: usize,
  dstStride: i32,
  dstWidth: i32,
  dstHeight: i32,
): void {
  const step = <usize>srcStep;
  for (let j = 0; j < dstHeight; j++) {
    const row0 = src + <usize>(2 * j * srcStride);
    const row1 = row0 + <usize>srcStride;
    const out = dst + <usize>(j * dstStride);
    for (let i = 0; i < dstWidth; i++) {
      const x = <usize>(2 * i) * step;
      const sum =
        <u32>load<u8>(row0 + x) +
        <u32>load<u8>(row0 + x + step) +
        <u32>load<u8>(row1 + x) +
        <u32>load<u8>(row1 + x + step);
      store<u8>(out + <usize>i, <u8>((sum + 2) >> 2));
    }
  }
}

// RGB -> YUV coefficients (16.16 fixed point) for blendRgba, set once per colour encoding.
let yR: i32 = 0;
let yG: i32 = 0;
let yB: i32 = 0;
let yOffset: i32 = 0;
let uR: i32 = 0;
let uG: i32 = 0;
let uB: i32 = 0;
let vR: i32 = 0;
let vG: i32 = 0;
let vB: i32 = 0;
let uvOffset: i32 = 0;

/** Sets the RGB -> YUV matrix blendRgba uses: Y = (yR*R + yG*G + yB*B + yOffset) >> 16, likewise U and V. */
export function setRgbToYuv(
  yr: i32,
  yg: i32,
  yb: i32,
  yOff: i32,
  ur: i32,
  ug: i32,
  ub: i32,
  vr: i32,
  vg: i32,
  vb: i32,
  uvOff: i32,
): void {
  yR = yr;
  yG = yg;
  yB = yb;
  yOffset = yOff;
  uR = ur;
  uG = ug;
  uB = ub;
  vR = vr;
  vG = vg;
  vB = vb;
  uvOffset = uvOff;
}

function clampByte(value: i32): u32 {
  return <u32>(value < 0 ? 0 : value > 255 ? 255 : value);
}

/** `n / 255` rounded down, for `n` up to 65152, without a division (exact over that range; a unit test checks). */
function div255(n: u32): u32 {
  return (n * 32897) >> 23;
}

/** Alpha bits of two RGBA pixels read as one little-endian u64. */
const TWO_ALPHAS: u64 = 0xff000000ff000000;

/**
 * Blends straight-alpha RGBA pixels (as getImageData returns them) over 4:2:0 planes: `width` x `height` pixels
 * (both even) at the planes' pointers, which the caller has moved to the rectangle's even top-left corner.
 * Luma blends per pixel; chroma per 2x2 block, weighted by each pixel's alpha.
 */
export function blendRgba(
  rgba: usize,
  rgbaStride: i32,
  width: i32,
  height: i32,
  yPlane: usize,
  yStride: i32,
  uPlane: usize,
  vPlane: usize,
  chromaStride: i32,
): void {
  for (let j = 0; j < height; j += 2) {
    const in0 = rgba + <usize>(j * rgbaStride);
    const in1 = in0 + <usize>rgbaStride;
    const y0 = yPlane + <usize>(j * yStride);
    const y1 = y0 + <usize>yStride;
    const cu = uPlane + <usize>((j >> 1) * chromaStride);
    const cv = vPlane + <usize>((j >> 1) * chromaStride);
    for (let i = 0; i < width; i += 2) {
      // Most of what overlays touch is transparent: a block with no drawn pixel is skipped on two reads.
      const offset = <usize>(i << 2);
      if (((load<u64>(in0 + offset) | load<u64>(in1 + offset)) & TWO_ALPHAS) === 0) continue;
      let alphaSum: u32 = 0;
      let uSum: u32 = 0;
      let vSum: u32 = 0;
      for (let k = 0; k < 4; k++) {
        const pixel = (k < 2 ? in0 : in1) + <usize>((i + (k & 1)) << 2);
        const a = <u32>load<u8>(pixel, 3);
        if (a === 0) continue;
        const r = <i32>load<u8>(pixel);
        const g = <i32>load<u8>(pixel, 1);
        const b = <i32>load<u8>(pixel, 2);
        const luma = clampByte((yR * r + yG * g + yB * b + yOffset) >> 16);
        const target = (k < 2 ? y0 : y1) + <usize>(i + (k & 1));
        store<u8>(target, <u8>div255(luma * a + <u32>load<u8>(target) * (255 - a) + 127));
        alphaSum += a;
        uSum += a * clampByte((uR * r + uG * g + uB * b + uvOffset) >> 16);
        vSum += a * clampByte((vR * r + vG * g + vB * b + uvOffset) >> 16);
      }
      // Some pixel of the block was drawn (the skip above), so alphaSum > 0.
      const rest = 1020 - alphaSum;
      const u = cu + <usize>(i >> 1);
      const v = cv + <usize>(i >> 1);
      // n / 1020 = (n / 4) / 255, both rounded down.
      store<u8>(u, <u8>div255((uSum + <u32>load<u8>(u) * rest + 510) >> 2));
      store<u8>(v, <u8>div255((vSum + <u32>load<u8>(v) * rest + 510) >> 2));
    }
  }
}

// YUV -> RGB matrix of i420ToRgba, 16.16 fixed point (set by setYuvToRgb).
let lumaScale: i32 = 0;
let lumaOffset: i32 = 0;
let redFromV: i32 = 0;
let greenFromU: i32 = 0;
let greenFromV: i32 = 0;
let blueFromU: i32 = 0;

/**
 * Sets the YUV -> RGB matrix i420ToRgba uses: with L = scale * (Y - offset), R = (L + rV * (V - 128)) >> 16,
 * G = (L - gU * (U - 128) - gV * (V - 128)) >> 16, B = (L + bU * (U - 128)) >> 16 (rounding folded into L).
 */
export function setYuvToRgb(scale: i32, offset: i32, rV: i32, gU: i32, gV: i32, bU: i32): void {
  lumaScale = scale;
  lumaOffset = offset;
  redFromV = rV;
  greenFromU = gU;
  greenFromV = gV;
  blueFromU = bU;
}

/** Two chroma bytes (the low two of `pair`) as four lanes, each twice: a 4:2:0 row's chroma for four pixels. */
function chromaLanes(pair: v128): v128 {
  const doubled = i8x16.shuffle(pair, pair, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  return i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(doubled));
}

/** One channel of four pixels, clamped to 0..255. */
function clampLanes(value: v128): v128 {
  return i32x4.min_s(i32x4.max_s(value, i32x4.splat(0)), i32x4.splat(255));
}

/**
 * Converts `width` x `height` pixels (both even) of 4:2:0 planes to opaque RGBA at `rgba`, four pixels at a time:
 * what the editor's preview shows of a picture the planar painter composed.
 */
export function i420ToRgba(
  yPlane: usize,
  yStride: i32,
  uPlane: usize,
  vPlane: usize,
  chromaStride: i32,
  width: i32,
  height: i32,
  rgba: usize,
  rgbaStride: i32,
): void {
  const scale = i32x4.splat(lumaScale);
  const offset = i32x4.splat(lumaOffset);
  const rounding = i32x4.splat(32768);
  const mid = i32x4.splat(128);
  const rV = i32x4.splat(redFromV);
  const gU = i32x4.splat(greenFromU);
  const gV = i32x4.splat(greenFromV);
  const bU = i32x4.splat(blueFromU);
  const opaque = i32x4.splat(0xff000000);
  const whole = width & ~3;
  for (let j = 0; j < height; j++) {
    const yRow = yPlane + <usize>(j * yStride);
    const uRow = uPlane + <usize>((j >> 1) * chromaStride);
    const vRow = vPlane + <usize>((j >> 1) * chromaStride);
    const out = rgba + <usize>(j * rgbaStride);
    for (let i = 0; i < whole; i += 4) {
      const luma = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(i32x4.splat(load<i32>(yRow + <usize>i))));
      // Two chroma samples, each for two pixels side by side.
      const uPair = i16x8.splat(<i16>load<u16>(uRow + <usize>(i >> 1)));
      const vPair = i16x8.splat(<i16>load<u16>(vRow + <usize>(i >> 1)));
      const u = i32x4.sub(chromaLanes(uPair), mid);
      const v = i32x4.sub(chromaLanes(vPair), mid);
      const l = i32x4.add(i32x4.mul(i32x4.sub(luma, offset), scale), rounding);
      const r = clampLanes(i32x4.shr_s(i32x4.add(l, i32x4.mul(v, rV)), 16));
      const g = clampLanes(i32x4.shr_s(i32x4.sub(l, i32x4.add(i32x4.mul(u, gU), i32x4.mul(v, gV))), 16));
      const b = clampLanes(i32x4.shr_s(i32x4.add(l, i32x4.mul(u, bU)), 16));
      v128.store(out + <usize>(i << 2), v128.or(v128.or(r, i32x4.shl(g, 8)), v128.or(i32x4.shl(b, 16), opaque)));
    }
    for (let i = whole; i < width; i++) {
      const l = (<i32>load<u8>(yRow + <usize>i) - lumaOffset) * lumaScale + 32768;
      const u = <i32>load<u8>(uRow + <usize>(i >> 1)) - 128;
      const v = <i32>load<u8>(vRow + <usize>(i >> 1)) - 128;
      const pixel = out + <usize>(i << 2);
      store<u8>(pixel, <u8>clampByte((l + redFromV * v) >> 16));
      store<u8>(pixel, <u8>clampByte((l - greenFromU * u - greenFromV * v) >> 16), 1);
      store<u8>(pixel, <u8>clampByte((l + blueFromU * u) >> 16), 2);
      store<u8>(pixel, 255, 3);
    }
  }
}
