// A painting worker of the export's pool (the export worker's own script, started again by it): paints the frames
// it is sent with the same painter the export worker uses, keeping its last source frame for held frames.
import { createExportPainter, type ExportFramePainter } from '../../../shared/render/output/output-painter';
import { ExportError } from './export-errors';
import type { PaintReply, PaintRequest } from './paint-messages';

let painter: ExportFramePainter | null = null;
let lastVideo: VideoFrame | null = null;

/** Answers one request of the export worker (see frame-painters.ts). */
export async function answerPaintRequest(
  request: PaintRequest,
): Promise<{ reply: PaintReply; transfer?: Transferable[] }> {
  if (request.type === 'init') {
    painter = createExportPainter(request.composition, request.size);
    return { reply: { type: 'ready' } };
  }
  if (!painter) throw new ExportError('failed', 'A painting worker was sent a frame before its composition.');
  if (request.video) {
    lastVideo?.close();
    lastVideo = request.video;
  }
  if (!lastVideo) throw new ExportError('failed', 'A painting worker was asked to hold a frame it never had.');
  const before = painter.planarFrames;
  try {
    const frame = await painter.paint(lastVideo, request.sourceTimeMs, request.webcam, request.timing, request.patches);
    return {
      reply: { type: 'painted', frame, planar: painter.planarFrames > before, fallback: painter.fallback },
      transfer: [frame],
    };
  } finally {
    request.webcam?.close();
  }
}
