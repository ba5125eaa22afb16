import type { Composition } from '../../../../shared/render/composition';
import { createOutputPainter, type PaintOutputFrame } from '../../../../shared/render/output-painter';
import type { LiveReply, LiveRequest } from './live-messages';

/**
 * The playing preview's painter, off the page's main thread: the page hands over each frame its video element
 * presents, this paints it with the export's painter and hands the picture back, which the page only shows (an
 * ImageBitmap moved, not copied). React, the timeline and the page's other work then never delay a paint. (A canvas
 * handed over to the worker instead waited on the page's compositor for every frame: 100+ ms a frame here.)
 */

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: LiveReply, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<LiveRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let canvas: OffscreenCanvas | null = null;
let look: { composition: Composition; size: { width: number; height: number } } | null = null;
let paint: PaintOutputFrame | null = null;
let webcam: VideoFrame | null = null;

function makePainter(): void {
  if (!look) return;
  canvas = new OffscreenCanvas(look.size.width, look.size.height);
  paint = createOutputPainter(canvas, look.composition, { live: true });
}

/** Paints `frame`, the source frame at `sourceMs`, with the newest webcam frame, then lets it go. */
function paintFrame(frame: VideoFrame, sourceMs: number): void {
  try {
    if (!paint || !canvas) return;
    paint(frame, sourceMs, webcam);
    const picture = canvas.transferToImageBitmap();
    scope.postMessage({ type: 'painted', sourceMs, picture }, [picture]);
  } finally {
    frame.close();
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'composition') {
    look = { composition: message.composition, size: message.size };
    makePainter();
  } else if (message.type === 'webcam') {
    webcam?.close();
    webcam = message.frame;
  } else {
    paintFrame(message.frame, message.sourceMs);
  }
};
