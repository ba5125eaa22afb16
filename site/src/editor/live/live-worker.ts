import type { Composition } from '../../../../shared/render/composition';
import { webcamTimeAt } from '../../../../shared/render/frame-at';
import { createOutputPainter, type PaintOutputFrame } from '../../../../shared/render/output-painter';
import { ExactFrames } from '../exact-frames';
import type { LiveReply, LiveRequest } from './live-messages';

/**
 * The playing preview's painter, off the page's main thread. It decodes the files itself (the frame showing at each
 * asked time, chosen as the export chooses it), paints with the export's painter and hands the picture back, which
 * the page only shows (an ImageBitmap moved, not copied). So React, the timeline and the page's other work never
 * delay a paint. Measured here, both other ways were slower: frames taken from the page's video element cost a
 * round trip to the GPU process each when drawn in a worker, and a canvas handed over to the worker waited on the
 * page's compositor for every frame (100+ ms a frame).
 */

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: LiveReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<LiveRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let look: { composition: Composition; canvas: OffscreenCanvas; paint: PaintOutputFrame } | null = null;
let sources: { screen: ExactFrames; webcam: ExactFrames | null } | null = null;
/** Bumped by every 'files': decoders opened for older files are closed, not used. */
let generation = 0;
/** The newest time asked for and not yet painted (older asks are dropped: the picture follows the clock). */
let wanted: number | null = null;
/** The source frame last painted: an ask that shows the same frame is not painted again. */
let lastFrame: number | null = null;
let painting = false;

async function open(video: Blob, webcam: Blob | null): Promise<void> {
  const mine = ++generation;
  const previous = sources;
  sources = null;
  lastFrame = null;
  void previous?.screen.close();
  void previous?.webcam?.close();
  const [screen, camera] = await Promise.all([ExactFrames.open(video), webcam ? ExactFrames.open(webcam) : null]);
  if (mine !== generation || !screen) {
    void screen?.close();
    void camera?.close();
    if (mine === generation) scope.postMessage({ type: 'opened', decodable: false });
    return;
  }
  sources = { screen, webcam: camera };
  scope.postMessage({ type: 'opened', decodable: true });
  void paintWanted();
}

/** Paints the newest asked time, then the newest asked meanwhile; one at a time. */
async function paintWanted(): Promise<void> {
  if (painting) return;
  painting = true;
  try {
    while (wanted !== null && sources && look) {
      const sourceMs = wanted;
      wanted = null;
      const { screen, webcam } = sources;
      const { composition } = look;
      const webcamMs = webcamTimeAt(composition.recording, composition.settings, sourceMs);
      const t0 = performance.now();
      const [frame, camera] = await Promise.all([
        screen.frameAt(sourceMs),
        webcam && webcamMs !== null ? webcam.frameAt(webcamMs) : null,
      ]);
      const t1 = performance.now();
      const st = ((globalThis as any).__st ??= { n: 0, dec: 0, paint: 0, skip: 0 });
      st.n++; st.dec += t1 - t0;
      if (st.n % 30 === 0) console.debug(`worker n=${st.n} skip=${st.skip} decode ${(st.dec / st.n).toFixed(1)} paint ${(st.paint / Math.max(1, st.n - st.skip)).toFixed(1)}`);
      if (!frame || !look) continue;
      const frameMs = frame.timestamp * 1000;
      // The video's own frames only: between them the picture holds, as the export's frames at the video's rate do.
      if (frameMs === lastFrame) { st.skip++; continue; }
      look.paint(frame.toCanvasImageSource(), sourceMs, camera?.toCanvasImageSource() ?? null);
      const picture = look.canvas.transferToImageBitmap();
      scope.postMessage({ type: 'painted', picture, frameMs }, [picture]);
      st.paint += performance.now() - t1;
      lastFrame = frameMs;
    }
  } finally {
    painting = false;
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'files') {
    void open(message.video, message.webcam);
  } else if (message.type === 'composition') {
    const canvas = new OffscreenCanvas(message.size.width, message.size.height);
    look = {
      composition: message.composition,
      canvas,
      paint: createOutputPainter(canvas, message.composition, { live: true }),
    };
  } else {
    wanted = message.sourceMs;
    void paintWanted();
  }
};
