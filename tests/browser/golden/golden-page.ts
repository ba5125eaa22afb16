import { GOLDEN_CASES } from './golden-cases';
import { renderGolden } from './render-golden';

/** How a rendered image differs from its reference. */
export interface GoldenComparison {
  readonly name: string;
  /** Fraction of pixels whose largest channel difference exceeds the per-pixel tolerance. */
  readonly differentPixels: number;
  readonly meanDifference: number;
  readonly sizeMatches: boolean;
}

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
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return { name, differentPixels: 1, meanDifference: 255, sizeMatches: false };
  }
  const a = pixels(actual);
  const b = pixels(expected);
  let different = 0;
  let total = 0;
  for (let i = 0; i < a.length; i += 4) {
    let largest = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
      total += d;
      if (d > largest) largest = d;
    }
    if (largest > PIXEL_TOLERANCE) different++;
  }
  const count = a.length / 4;
  return { name, differentPixels: different / count, meanDifference: total / a.length, sizeMatches: true };
}

declare global {
  /** Renders every golden case; PNG bytes as base64, by name. */
  var renderGoldens: () => Promise<Record<string, string>>;
  /** Renders every case and compares it with the given reference PNGs (base64 by name). */
  var compareGoldens: (references: Record<string, string>) => Promise<GoldenComparison[]>;
  /** Renders the named cases in a Web Worker and compares them with the same cases drawn on this page. */
  var compareInWorker: (names: readonly string[]) => Promise<GoldenComparison[]>;
}

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

globalThis.renderGoldens = async () => {
  const images: Record<string, string> = {};
  for (const golden of GOLDEN_CASES) images[golden.name] = await toBase64(render(golden));
  return images;
};

globalThis.compareGoldens = async (references) => {
  const results: GoldenComparison[] = [];
  for (const golden of GOLDEN_CASES) {
    const reference = references[golden.name];
    if (!reference) {
      results.push({ name: golden.name, differentPixels: 1, meanDifference: 255, sizeMatches: false });
      continue;
    }
    results.push(compare(golden.name, render(golden), await decode(reference)));
  }
  return results;
};
