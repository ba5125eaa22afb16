import { useEffect, useRef, useState } from 'react';
import type { Composition } from '../../../../shared/render/composition';
import type { LiveReply, LiveRequest } from './live-messages';

/** The playing preview's worker, seen from the page. */
export interface LivePreview {
  /** The worker decodes these files and paints: while playing, ask it with show(); otherwise the page paints. */
  readonly ready: boolean;
  /** Paint the frame at `sourceMs` (the newest ask wins). */
  show(sourceMs: number): void;
}

/**
 * Hands `canvas` to a worker that decodes `video` (and `webcam`) and paints `composition` at the asked times
 * (live-worker.ts). `onPainted` hears each painted frame. Not ready where the worker cannot decode the files (or
 * the browser cannot hand a canvas over): the page then paints from its video element as before.
 */
export function useLivePreview(
  canvas: HTMLCanvasElement | null,
  video: Blob,
  webcam: Blob | null,
  composition: Composition,
  size: { readonly width: number; readonly height: number },
  onPainted: (reply: Extract<LiveReply, { type: 'painted' }>) => void,
): LivePreview {
  const [worker, setWorker] = useState<Worker | null>(null);
  const [ready, setReady] = useState(false);
  const painted = useRef(onPainted);
  painted.current = onPainted;

  useEffect(() => {
    if (!canvas || typeof canvas.transferControlToOffscreen !== 'function') return;
    let offscreen: OffscreenCanvas;
    try {
      offscreen = canvas.transferControlToOffscreen();
    } catch {
      return; // Handed over already: this canvas stays blank, and the page paints its other one.
    }
    const created = new Worker(new URL('./live-worker.ts', import.meta.url), {
      type: 'module',
      name: 'clickreel-preview',
    });
    created.onmessage = (event: MessageEvent<LiveReply>) => {
      const reply = event.data;
      if (reply.type === 'opened') setReady(reply.decodable);
      else painted.current(reply);
    };
    created.onerror = () => setReady(false);
    created.postMessage({ type: 'canvas', canvas: offscreen } satisfies LiveRequest, [offscreen]);
    setWorker(created);
    return () => {
      created.terminate();
      setWorker(null);
      setReady(false);
    };
  }, [canvas]);

  useEffect(() => {
    if (!worker) return;
    setReady(false);
    worker.postMessage({ type: 'files', video, webcam } satisfies LiveRequest);
  }, [worker, video, webcam]);

  const { width, height } = size;
  useEffect(() => {
    worker?.postMessage({ type: 'composition', composition, size: { width, height } } satisfies LiveRequest);
  }, [worker, composition, width, height]);

  return {
    ready: ready && worker !== null,
    show: (sourceMs) => worker?.postMessage({ type: 'show', sourceMs } satisfies LiveRequest),
  };
}
