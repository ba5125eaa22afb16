import { createPlanarPainter } from '../../shared/render/planar/planar-painter';
import { rgbToYuv, type YuvEncoding, yuvToRgb } from '../../shared/render/planar/yuv-color';
import { toDecodedFrame } from '../fixtures/media/synthetic-media';
import { GOLDEN_CASES } from './golden-cases';
import { goldenFrame, goldenMedia, renderGolden } from './render-golden';

/** How a rendered image differs from its reference. */
export interface GoldenComparison {
  readonly name: string;
  /** Fraction of pixels whose largest channel difference exceeds the per-pixel tolerance. */
  readonly differentPixels: number;
  readonly meanDifference: number;
  /** Largest mean channel difference over an 8x8 block: a missing or moved shape shows here, spread noise does not. */
  readonly worstBlockDifference: number;
  /** Pixels with any channel different at all (no tolerance), and the largest channel difference (0-255). */
  readonly changedPixels: number;
  readonly maxDifference: number;
  readonly sizeMatches: boolean;
}

/** A case drawn now, as a PNG, with how it differs from its reference (null when it has none yet). */
export interface GoldenRendering {
  readonly name: string;
  readonly png: string;
  readonly comparison: GoldenComparison | null;
}

const BLOCK = 8;

/** A channel may differ by this much (anti-aliasing, text rendering) before the pixel counts as different. */
const PIXEL_TOLERANCE = 24;

const render = renderGolden;

async function toBase64(canvas: OffscreenCanvas): Promise<string> {
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function pixels(canvas: OffscreenCanvas): Uint8ClampedArray {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
}

async function decode(base64: string): Promise<OffscreenCanvas> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return canvas;
}

function compare(name: string, actual: OffscreenCanvas, expected: OffscreenCanvas): GoldenComparison {
  if (actual.width !== expected.width || actual.height !== expected.height) return sizeMismatch(name);
  const a = pixels(actual);
  const b = pixels(expected);
  let different = 0;
  let changed = 0;
  let maxDifference = 0;
  let total = 0;
  for (let i = 0; i < a.length; i += 4) {
    let largest = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
      total += d;
      if (d > largest) largest = d;
    }
    if (largest > PIXEL_TOLERANCE) different++;
    if (largest > 0) changed++;
    if (largest > maxDifference) maxDifference = largest;
  }
  const count = a.length / 4;
  let worstBlockDifference = 0;
  for (let by = 0; by + BLOCK <= actual.height; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= actual.width; bx += BLOCK) {
      let sum = 0;
      for (let y = by; y < by + BLOCK; y++) {
        for (let x = bx; x < bx + BLOCK; x++) {
          const i = (y * actual.width + x) * 4;
          for (let c = 0; c < 3; c++) sum += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
        }
      }
      worstBlockDifference = Math.max(worstBlockDifference, sum / (BLOCK * BLOCK * 3));
    }
  }
  return {
    name,
    differentPixels: different / count,
    meanDifference: total / a.length,
    worstBlockDifference,
    changedPixels: changed,
    maxDifference,
    sizeMatches: true,
  };
}

/** What a comparison says when the sizes differ (or there is nothing to compare with). */
function sizeMismatch(name: string): GoldenComparison {
  return {
    name,
    differentPixels: 1,
    meanDifference: 255,
    worstBlockDifference: 255,
    changedPixels: Number.POSITIVE_INFINITY,
    maxDifference: 255,
    sizeMatches: false,
  };
}

declare global {
  /** Renders the named cases as PNGs (base64) and compares each with its current reference (base64 by file name). */
  var renderGoldens: (names: readonly string[], references: Record<string, string>) => Promise<GoldenRendering[]>;
  /** Renders every case and compares it with its reference PNG (base64 by reference name). */
  var compareGoldens: (references: Record<string, string>) => Promise<GoldenComparison[]>;
  /** Renders the named cases in a Web Worker and compares them with the same cases drawn on this page. */
  var compareInWorker: (names: readonly string[]) => Promise<GoldenComparison[]>;
  /**
   * Paints every case with the export's planar (YUV) painter and with the Canvas 2D painter, from the same decoded
   * I420 frame, and compares them as the encoder would see them (both at 4:2:0).
   */
  var compareWithPlanar: () => Promise<GoldenComparison[]>;
  /**
   * Paints every golden case with a new planar painter, and with one that painted the same decoded frame at another
   * moment first (as when a page is still); names the cases whose I420 bytes differ.
   */
  var planarSequenceMismatches: () => Promise<string[]>;
}

/** The encoding of the decoded source frames in this comparison: what recordings of HD tabs carry. */
const SOURCE_ENCODING: YuvEncoding = { matrix: 'bt709', fullRange: false };

/** `canvas` after a trip through 4:2:0 in `encoding` (what an encoder keeps of an RGB frame). */
function through420(canvas: OffscreenCanvas, encoding: YuvEncoding): OffscreenCanvas {
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  const image = ctx.getImageData(0, 0, width, height);
  const rgba = image.data;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const block = [
        [x, y],
        [x + 1, y],
        [x, y + 1],
        [x + 1, y + 1],
      ].map(([bx = 0, by = 0]) => (by * width + bx) * 4);
      const yuv = block.map((i) => rgbToYuv(encoding, rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0));
      const u = yuv.reduce((sum, p) => sum + p[1] / 4, 0);
      const v = yuv.reduce((sum, p) => sum + p[2] / 4, 0);
      block.forEach((i, k) => {
        const [r, g, b] = yuvToRgb(encoding, yuv[k]?.[0] ?? 0, u, v);
        rgba.set([r, g, b], i);
      });
    }
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

globalThis.compareWithPlanar = async () => {
  const { webcam, photo, video } = goldenMedia();
  const decoded = toDecodedFrame(video, SOURCE_ENCODING);
  const results: GoldenComparison[] = [];
  try {
    for (const golden of GOLDEN_CASES) {
      const { description, output } = goldenFrame(golden);
      const planar = await createPlanarPainter(output, decoded.colorSpace.toJSON(), { userImages: { photo } });
      const frame = await planar.paint(description, decoded, golden.webcam ? webcam : null, {
        timestampUs: 0,
        durationUs: 33_333,
      });
      const fromPlanar = new OffscreenCanvas(output.width, output.height);
      fromPlanar.getContext('2d')?.drawImage(frame, 0, 0);
      frame.close();
      results.push(compare(golden.name, fromPlanar, through420(renderGolden(golden, decoded), SOURCE_ENCODING)));
    }
  } finally {
    decoded.close();
  }
  return results;
};

async function i420Bytes(frame: VideoFrame): Promise<Uint8Array> {
  const bytes = new Uint8Array(frame.allocationSize());
  await frame.copyTo(bytes);
  frame.close();
  return bytes;
}

/**
 * `frame` (I420) changed in places, as a recorded page changes between frames: a block of text in the middle, a
 * colour without its brightness, and single pixels at two corners.
 */
async function changedInPlaces(frame: VideoFrame): Promise<VideoFrame> {
  const { codedWidth: width, codedHeight: height } = frame;
  const bytes = new Uint8Array(frame.allocationSize());
  await frame.copyTo(bytes);
  const bump = (at: number) => {
    bytes[at] = ((bytes[at] ?? 0) + 90) % 256;
  };
  for (let y = Math.floor(height / 2); y < Math.floor(height / 2) + 12; y++) {
    for (let x = Math.floor(width / 3); x < Math.floor(width / 3) + 30; x++) bump(y * width + x);
  }
  const u = width * height;
  const chromaWidth = width / 2;
  bump(u + 3 * chromaWidth + chromaWidth - 1);
  for (let x = 5; x < 9; x++) bump(u + (height / 2 - 1) * chromaWidth + x);
  bump(0);
  bump(u - 1);
  return new VideoFrame(bytes, {
    format: 'I420',
    codedWidth: width,
    codedHeight: height,
    timestamp: frame.timestamp,
    colorSpace: frame.colorSpace.toJSON(),
  });
}

globalThis.planarSequenceMismatches = async () => {
  const { webcam, photo, video } = goldenMedia();
  const decoded = toDecodedFrame(video, SOURCE_ENCODING);
  const changed = await changedInPlaces(decoded);
  const mismatches: string[] = [];
  const timing = { timestampUs: 0, durationUs: 33_333 };
  try {
    for (const golden of GOLDEN_CASES) {
      const { description, output } = goldenFrame(golden);
      const painterFor = () => createPlanarPainter(output, decoded.colorSpace.toJSON(), { userImages: { photo } });
      const camera = golden.webcam ? webcam : null;
      const fresh = await i420Bytes(await (await painterFor()).paint(description, decoded, camera, timing));
      // The same painter first paints the same video at another moment (other cursor, clicks, camera), then this
      // frame twice: the second time everything but the overlays is reused.
      const painter = await painterFor();
      const earlier = goldenFrame({ ...golden, timeMs: Math.max(0, golden.timeMs - 700) }).description;
      (await painter.paint(earlier, decoded, camera, timing)).close();
      for (const pass of ['after another frame', 'again']) {
        const bytes = await i420Bytes(await painter.paint(description, decoded, camera, timing));
        if (bytes.length !== fresh.length || bytes.some((value, i) => value !== fresh[i])) {
          mismatches.push(`${golden.name} (${pass})`);
        }
      }
      // Then this moment with a frame of the video that changed in places, and back: only the parts showing the
      // changes are scaled again, and the frame must come out as a new painter paints it.
      const freshChanged = await i420Bytes(await (await painterFor()).paint(description, changed, camera, timing));
      for (const [pass, frame, expected] of [
        ['a frame changed in places', changed, freshChanged],
        ['back from the changed frame', decoded, fresh],
      ] as const) {
        const bytes = await i420Bytes(await painter.paint(description, frame, camera, timing));
        if (bytes.length !== expected.length || bytes.some((value, i) => value !== expected[i])) {
          mismatches.push(`${golden.name} (${pass})`);
        }
      }
    }
  } finally {
    decoded.close();
    changed.close();
  }
  return mismatches;
};

globalThis.compareInWorker = async (names) => {
  const worker = new Worker('/golden-worker.js', { type: 'module' });
  try {
    const results: GoldenComparison[] = [];
    for (const name of names) {
      const golden = GOLDEN_CASES.find((c) => c.name === name);
      if (!golden) throw new Error(`no golden case ${name}`);
      const bitmap = await new Promise<ImageBitmap>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<ImageBitmap | string>) =>
          typeof event.data === 'string' ? reject(new Error(event.data)) : resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(name);
      });
      const fromWorker = new OffscreenCanvas(bitmap.width, bitmap.height);
      fromWorker.getContext('2d')?.drawImage(bitmap, 0, 0);
      results.push(compare(name, fromWorker, render(golden)));
    }
    return results;
  } finally {
    worker.terminate();
  }
};

globalThis.renderGoldens = async (names, references) => {
  const renderings: GoldenRendering[] = [];
  for (const name of names) {
    const golden = GOLDEN_CASES.find((c) => c.name === name);
    if (!golden) throw new Error(`no golden case ${name}`);
    const canvas = render(golden);
    const reference = references[golden.reference];
    renderings.push({
      name,
      png: await toBase64(canvas),
      comparison: reference ? compare(name, canvas, await decode(reference)) : null,
    });
  }
  return renderings;
};

globalThis.compareGoldens = async (references) => {
  const results: GoldenComparison[] = [];
  for (const golden of GOLDEN_CASES) {
    const reference = references[golden.reference];
    results.push(reference ? compare(golden.name, render(golden), await decode(reference)) : sizeMismatch(golden.name));
  }
  return results;
};
