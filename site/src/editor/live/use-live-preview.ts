import { useEffect, useState } from 'react';
import type { Composition } from '../../../../shared/render/composition';
import type { LiveReply, LiveRequest } from './live-messages';

/** The playing preview's worker, seen from the page. */
export interface LivePreview {
  /** The worker decodes the files and paints: while playing, ask it with show(). Not ready, the page paints. */
  readonly ready: boolean;
  /** Paint the frame at `sourceMs` (the newest ask wins). */
  show(sourceMs: number): void;
}

/**
 * A worker that decodes `video` (and `webcam`) and paints `composition` at the asked times (live-worker.ts); its
 * pictures are shown on `canvas` as they come, and `onPainted` hears each one's source frame time. Not ready where
 * the worker cannot decode the files or the canvas has no bitmap renderer: the page then paints from its video
 * element.
 */
export function useLivePreview(
  canvas: HTMLCanvasElement | null,
  video: Blob,
  webcam: Blob | null,
  composition: Composition,
  size: { readonly width: number; readonly height: number },
  onPainted: (frameMs: number) => void,
): LivePreview {
  const [worker, setWorker] = useState<Worker | null>(null);
  const [ready, setReady] = useState(false);
  const [painted] = useState(() => ({ current: onPainted }));
  painted.current = onPainted;

  useEffect(() => {
    const renderer = canvas?.getContext('bitmaprenderer');
    if (!renderer) return;
    const created = new Worker(new URL('./live-worker.ts', import.meta.url), {
      type: 'module',
      name: 'clickreel-preview',
    });
    created.onmessage = (event: MessageEvent<LiveReply>) => {
      const reply = event.data;
      if (reply.type === 'opened') {
        setReady(reply.decodable);
        return;
      }
      renderer.transferFromImageBitmap(reply.picture);
      painted.current(reply.frameMs);
    };
    created.onerror = (event) => {
      // The page paints instead (see LivePreview.ready).
      console.warn('The preview worker stopped:', event.message);
      setWorker(null);
    };
    setWorker(created);
    return () => {
      created.terminate();
      setWorker(null);
    };
  }, [canvas, painted]);

  useEffect(() => {
    setReady(false);
    worker?.postMessage({ type: 'files', video, webcam } satisfies LiveRequest);
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
