import { useEffect, useState } from 'react';
import type { Composition } from '../../../../shared/render/composition';
import type { LiveReply, LiveRequest } from './live-messages';

/** The playing preview's worker, seen from the page. */
export interface LivePreview {
  /** The worker paints: while playing, hand it the frames. Not ready, the page paints them itself. */
  readonly ready: boolean;
  /** Paint `frame` (handed over: the worker closes it), the source frame at `sourceMs`. */
  paintFrame(frame: VideoFrame, sourceMs: number): void;
  /** The webcam frame to paint with the next frames (handed over), or null for none. */
  setWebcam(frame: VideoFrame | null): void;
}

/**
 * A worker that paints `composition` with the frames it is given (live-worker.ts); its pictures are shown on
 * `canvas` as they come, and `onPainted` hears each one's source time. Not ready where the browser has no
 * bitmap renderer for the canvas.
 */
function send(worker: Worker, frame: VideoFrame, sourceMs: number): void {
  worker.postMessage({ type: 'frame', frame, sourceMs } satisfies LiveRequest, [frame]);
}

export function useLivePreview(
  canvas: HTMLCanvasElement | null,
  composition: Composition,
  size: { readonly width: number; readonly height: number },
  onPainted: (sourceMs: number) => void,
): LivePreview {
  const [worker, setWorker] = useState<Worker | null>(null);
  const [painted] = useState(() => ({ current: onPainted }));
  painted.current = onPainted;
  /**
   * One frame in the worker at a time, and the newest presented meanwhile waiting: when the worker falls behind, the
   * picture skips to the newest frame rather than queueing ever older ones.
   */
  const [flight] = useState(() => ({ busy: false, next: null as { frame: VideoFrame; sourceMs: number } | null }));

  useEffect(() => {
    const renderer = canvas?.getContext('bitmaprenderer');
    if (!renderer) return;
    const created = new Worker(new URL('./live-worker.ts', import.meta.url), {
      type: 'module',
      name: 'clickreel-preview',
    });
    created.onmessage = (event: MessageEvent<LiveReply>) => {
      renderer.transferFromImageBitmap(event.data.picture);
      painted.current(event.data.sourceMs);
      flight.busy = false;
      const next = flight.next;
      flight.next = null;
      if (next) {
        flight.busy = true;
        send(created, next.frame, next.sourceMs);
      }
      const d = ((globalThis as any).__d ??= { n: 0 });
      if (++d.n % 30 === 0) console.debug('painted', d.n, event.data.sourceMs, performance.now());
    };
    created.onerror = (event) => {
      // The page paints instead (see LivePreview.ready).
      console.warn('The preview worker stopped:', event.message);
      setWorker(null);
    };
    setWorker(created);
    return () => {
      created.terminate();
      flight.next?.frame.close();
      flight.next = null;
      flight.busy = false;
      setWorker(null);
    };
  }, [canvas, painted, flight]);

  const { width, height } = size;
  useEffect(() => {
    worker?.postMessage({ type: 'composition', composition, size: { width, height } } satisfies LiveRequest);
  }, [worker, composition, width, height]);

  return {
    ready: worker !== null,
    paintFrame: (frame, sourceMs) => {
      if (!worker) return frame.close();
      if (!flight.busy) {
        flight.busy = true;
        return send(worker, frame, sourceMs);
      }
      flight.next?.frame.close();
      flight.next = { frame, sourceMs };
    },
    setWebcam: (frame) => {
      if (!worker) return frame?.close();
      worker.postMessage({ type: 'webcam', frame } satisfies LiveRequest, frame ? [frame] : []);
    },
  };
}
