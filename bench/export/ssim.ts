/**
 * SSIM of two luma planes (Wang et al. 2004), over 8×8 windows every 4 pixels (ffmpeg's ssim filter uses the same
 * windows), with summed-area tables so a 1080p frame takes milliseconds. 1 means identical.
 */
export function lumaSsim(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const window = 8;
  const step = 4;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const stride = width + 1;
  // Summed-area tables of a, b, a², b², ab (Float64: a 4K frame's sums of squares exceed 2^32).
  const sums = Array.from({ length: 5 }, () => new Float64Array(stride * (height + 1)));
  const [sa, sb, saa, sbb, sab] = sums as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  for (let y = 0; y < height; y++) {
    let ra = 0;
    let rb = 0;
    let raa = 0;
    let rbb = 0;
    let rab = 0;
    for (let x = 0; x < width; x++) {
      const pa = a[y * width + x] ?? 0;
      const pb = b[y * width + x] ?? 0;
      ra += pa;
      rb += pb;
      raa += pa * pa;
      rbb += pb * pb;
      rab += pa * pb;
      const i = (y + 1) * stride + x + 1;
      const up = i - stride;
      sa[i] = (sa[up] ?? 0) + ra;
      sb[i] = (sb[up] ?? 0) + rb;
      saa[i] = (saa[up] ?? 0) + raa;
      sbb[i] = (sbb[up] ?? 0) + rbb;
      sab[i] = (sab[up] ?? 0) + rab;
    }
  }
  const boxSum = (table: Float64Array, x: number, y: number) =>
    (table[(y + window) * stride + x + window] ?? 0) -
    (table[y * stride + x + window] ?? 0) -
    (table[(y + window) * stride + x] ?? 0) +
    (table[y * stride + x] ?? 0);
  const n = window * window;
  let total = 0;
  let count = 0;
  for (let y = 0; y + window <= height; y += step) {
    for (let x = 0; x + window <= width; x += step) {
      const meanA = boxSum(sa, x, y) / n;
      const meanB = boxSum(sb, x, y) / n;
      const varA = boxSum(saa, x, y) / n - meanA * meanA;
      const varB = boxSum(sbb, x, y) / n - meanB * meanB;
      const cov = boxSum(sab, x, y) / n - meanA * meanB;
      total +=
        ((2 * meanA * meanB + c1) * (2 * cov + c2)) / ((meanA * meanA + meanB * meanB + c1) * (varA + varB + c2));
      count++;
    }
  }
  return count > 0 ? total / count : 1;
}
