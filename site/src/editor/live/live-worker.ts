import type { Composition } from '../../../../shared/render/composition';
import { webcamTimeAt } from '../../../../shared/render/frame-at';
import { createOutputPainter, type PaintOutputFrame } from '../../../../shared/render/output-painter';
import { ExactFrames } from '../exact-frames';
import type { LiveReply, LiveRequest } from './live-messages';

/**
 * The playing preview's painter, off the page's main thread: it decodes the files itself (the frame showing at each
 * asked time, chosen as the export chooses it) and paints them with the export's painter on the preview's canvas.
 * The page only says which time to show, so React, the timeline and the audio never delay a frame, and no frame
 * waits on a video element's own presentation.
 */
/** The worker's own scope (the project's types are the page's, so its two members are spelt out). */
interface WorkerScope {
  postMessage(message: LiveReply): void;
  onmessage: ((event: MessageEvent<LiveRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let canvas: OffscreenCanvas | null = null;
let look: { composition: Composition; size: { width: number; height: number } } | null = null;
let paint: PaintOutputFrame | null = null;
let sources: { screen: ExactFrames; webcam: ExactFrames | null } | null = null;
/** Bumped by every 'files': decoders opened for older files are closed, not used. */
let generation = 0;
/** The newest time asked for and not yet painted (older asks are dropped: the picture follows the clock). */
let wanted: number | null = null;
let painting = false;

function reply(message: LiveReply): void {
  scope.postMessage(message);
}

function makePainter(): void {
  if (!canvas || !look) return;
  canvas.width = look.size.width;
  canvas.height = look.size.height;
  paint = createOutputPainter(canvas, look.composition, { live: true });
}

async function open(video: Blob, webcam: Blob | null): Promise<void> {
  const mine = ++generation;
  const previous = sources;
  sources = null;
  void previous?.screen.close();
  void previous?.webcam?.close();
  const [screen, camera] = await Promise.all([ExactFrames.open(video), webcam ? ExactFrames.open(webcam) : null]);
  if (mine !== generation || !screen) {
    void screen?.close();
    void camera?.close();
    if (mine === generation) reply({ type: 'opened', decodable: false });
    return;
  }
  sources = { screen, webcam: camera };
  reply({ type: 'opened', decodable: true });
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
      const webcamMs = webcamTimeAt(look.composition.recording, look.composition.settings, sourceMs);
      const t0 = performance.now();
      const [frame, camera] = await Promise.all([
        screen.frameAt(sourceMs),
        webcam && webcamMs !== null ? webcam.frameAt(webcamMs) : null,
      ]);
      const t1 = performance.now();
      if (!frame || !paint) continue;
      paint(frame.toCanvasImageSource(), sourceMs, camera?.toCanvasImageSource() ?? null);
      const t2 = performance.now();
      (globalThis as any).__st ??= { n: 0, dec: 0, paint: 0 };
      const st = (globalThis as any).__st;
      st.n++; st.dec += t1 - t0; st.paint += t2 - t1;
      console.log(`live n=${st.n} decode ${(st.dec / st.n).toFixed(1)} paint ${(st.paint / st.n).toFixed(1)} ${JSON.stringify(Object.fromEntries(Object.entries((globalThis as any).__T).map(([k, v]) => [k, Math.round((v as number) / st.n)])))}`);
      reply({ type: 'painted', sourceMs, frameTimestamp: frame.timestamp });
    }
  } finally {
    painting = false;
  }
}

scope.onmessage = (event: MessageEvent<LiveRequest>) => {
  const message = event.data;
  if (message.type === 'canvas') {
    canvas = message.canvas;
    makePainter();
  } else if (message.type === 'files') {
    void open(message.video, message.webcam);
  } else if (message.type === 'composition') {
    look = { composition: message.composition, size: message.size };
    makePainter();
  } else {
    wanted = message.sourceMs;
    void paintWanted();
  }
};
