import { frameAt } from '../../../shared/render/frame-at';
import { createFramePainter } from '../../../shared/render/frame-painter';
import { outputSize } from '../../../shared/render/output-size';
import { GOLDEN_CASES, GOLDEN_SHORT_SIDE, type GoldenCase, goldenRecording, goldenZooms, SOURCE } from './golden-cases';
import { drawFakePage, drawFakePhoto, drawFakeWebcam } from './synthetic-media';

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

const video = drawFakePage(SOURCE.width, SOURCE.height);
const webcam = drawFakeWebcam(320, 240);
const photo = drawFakePhoto(640, 400);

function render(golden: GoldenCase): OffscreenCanvas {
  const recording = goldenRecording(golden);
  const output = outputSize(SOURCE, golden.settings.aspectRatio, 1, GOLDEN_SHORT_SIDE);
  const canvas = new OffscreenCanvas(output.width, output.height);
  const painter = createFramePainter(canvas, { userImages: { photo } });
  const description = frameAt(
    { recording, settings: golden.settings, zoomSegments: goldenZooms(golden, recording), output },
    golden.timeMs,
  );
  painter.paint(description, video, golden.webcam ? webcam : null);
  return canvas;
}

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
}

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
