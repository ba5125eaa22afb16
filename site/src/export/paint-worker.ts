// One of the export's painters: paints the frames it is sent and sends them back, so frames can be painted on
// several cores at once while one encoder takes them in order.

import { createOutputPainter, type PaintOutputFrame } from './output-painter';
import type { PaintReply, PaintRequest } from './paint-messages';

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<PaintRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let canvas: OffscreenCanvas | null = null;
let paint: PaintOutputFrame | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    canvas = new OffscreenCanvas(request.width, request.height);
    paint = createOutputPainter(canvas, request.composition);
    return;
  }
  try {
    if (!canvas || !paint) throw new Error('paint worker used before init');
    paint(request.video, request.sourceTimeMs, request.webcam);
    const frame = new VideoFrame(canvas, { timestamp: request.timestampUs, duration: request.durationUs });
    const reply: PaintReply = { type: 'painted', index: request.index, frame };
    scope.postMessage(reply, [frame]);
  } catch (error) {
    const reply: PaintReply = {
      type: 'failed',
      index: request.index,
      message: error instanceof Error ? error.message : String(error),
    };
    scope.postMessage(reply, []);
  } finally {
    request.video.close();
    request.webcam?.close();
  }
};
