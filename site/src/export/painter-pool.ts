import type { Composition } from './output-painter';
import type { PaintReply, PaintRequest } from './paint-messages';

/** Frames each paint worker may hold at once: enough to keep it busy, few enough not to starve the decoder. */
const FRAMES_IN_FLIGHT_PER_WORKER = 2;

/** Paints frames on several workers; results come back in the order frames were sent. */
export interface PainterPool {
  /** Sends frame `index` (ownership of the VideoFrames passes to the pool); resolves when the pool can take more. */
  submit(request: Omit<Extract<PaintRequest, { type: 'paint' }>, 'type'>): Promise<void>;
  /** The next painted frame in order (the caller closes it). */
  next(): Promise<VideoFrame>;
  close(): void;
}

/**
 * Starts `count` paint workers, or returns null where workers cannot be started from here (the exporter
 * then paints on its own thread).
 */
export function createPainterPool(
  count: number,
  composition: Composition,
  width: number,
  height: number,
): PainterPool | null {
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./paint-worker.ts', import.meta.url), {
        type: 'module',
        name: `clickreel-paint-${i}`,
      });
      const init: PaintRequest = { type: 'init', composition, width, height };
      worker.postMessage(init);
      workers.push(worker);
    }
  } catch {
    for (const worker of workers) worker.terminate();
    return null;
  }

  const painted = new Map<number, VideoFrame>();
  let failure: Error | null = null;
  const waiters = new Set<() => void>();
  let nextIndex = 0;
  let inFlight = 0;
  const notify = () => {
    for (const resolve of waiters) resolve();
    waiters.clear();
  };
  const waitForChange = () => new Promise<void>((resolve) => waiters.add(resolve));

  for (const worker of workers) {
    worker.onmessage = (event: MessageEvent<PaintReply>) => {
      const reply = event.data;
      inFlight--;
      if (reply.type === 'painted') painted.set(reply.index, reply.frame);
      else failure = new Error(`Painting frame ${reply.index} failed: ${reply.message}`);
      notify();
    };
    worker.onerror = (event) => {
      failure = new Error(event.message || 'A paint worker stopped.');
      notify();
    };
  }

  return {
    async submit(request) {
      const worker = workers[request.index % workers.length] as Worker;
      const message: PaintRequest = { type: 'paint', ...request };
      const transfer: Transferable[] = request.webcam ? [request.video, request.webcam] : [request.video];
      worker.postMessage(message, transfer);
      inFlight++;
      while (inFlight >= workers.length * FRAMES_IN_FLIGHT_PER_WORKER && !failure) await waitForChange();
      if (failure) throw failure;
    },
    async next() {
      while (!painted.has(nextIndex) && !failure) await waitForChange();
      if (failure) throw failure;
      const frame = painted.get(nextIndex) as VideoFrame;
      painted.delete(nextIndex);
      nextIndex++;
      notify();
      return frame;
    },
    close() {
      for (const worker of workers) worker.terminate();
      for (const frame of painted.values()) frame.close();
      painted.clear();
    },
  };
}
