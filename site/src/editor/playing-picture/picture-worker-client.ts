import type { Composition } from '../../../../shared/render/composition';
import type { PictureReply, PictureRequest } from './picture-messages';

/** One playing frame for the worker: the composition at its size, the clock's time, and the frames to paint it with. */
export interface PicturePaint {
  readonly composition: Composition;
  readonly width: number;
  readonly height: number;
  readonly ms: number;
  readonly pictureMs: number | undefined;
  /** The element's new frame (handed over: closed by the worker), or null to paint the one it holds again. */
  readonly video: VideoFrame | null;
  readonly webcam: VideoFrame | null;
}

/**
 * The playing preview's painting worker (picture-worker.ts): the export's planar painter composes each frame there,
 * and the page only puts the finished picture on its canvas. One paint at a time; its pixels travel back and forth
 * in one buffer.
 */
export class PictureWorker {
  private readonly worker: Worker;
  private composed: { composition: Composition; width: number; height: number } | null = null;
  private pixels: ArrayBuffer | null = null;
  private answer: ((reply: PictureReply | null) => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private broken = false;

  constructor() {
    this.worker = new Worker(new URL('./picture-worker.ts', import.meta.url), {
      type: 'module',
      name: 'clickreel-preview',
    });
    this.worker.onmessage = (event: MessageEvent<PictureReply>) => this.settle(event.data);
    this.worker.onerror = (event) => {
      console.warn('The preview’s painting worker failed; painting on the page instead.', event.message);
      this.broken = true;
      this.settle(null);
    };
  }

  /**
   * Paints one frame: its picture (valid until the next paint), or null when the worker cannot paint these frames
   * (Canvas 2D paints them then). Paints asked for while one is under way follow it in order.
   */
  paint(frame: PicturePaint): Promise<ImageData | null> {
    const painted = this.queue.then(() => this.paintNow(frame));
    this.queue = painted.then(
      () => undefined,
      () => undefined,
    );
    return painted;
  }

  private async paintNow(frame: PicturePaint): Promise<ImageData | null> {
    const { composition, width, height } = frame;
    if (this.broken) {
      frame.video?.close();
      frame.webcam?.close();
      return null;
    }
    const composed = this.composed;
    if (composed?.composition !== composition || composed.width !== width || composed.height !== height) {
      this.composed = { composition, width, height };
      this.post({ type: 'compose', composition, width, height });
    }
    const bytes = width * height * 4;
    const pixels = this.pixels?.byteLength === bytes ? this.pixels : new ArrayBuffer(bytes);
    this.pixels = null;
    const reply = new Promise<PictureReply | null>((resolve) => {
      this.answer = resolve;
    });
    const transfer: Transferable[] = [pixels];
    if (frame.video) transfer.push(frame.video);
    if (frame.webcam) transfer.push(frame.webcam);
    const { ms, pictureMs, video, webcam } = frame;
    this.post({ type: 'paint', ms, pictureMs, video, webcam, pixels }, transfer);
    const answered = await reply;
    if (!answered) return null;
    this.pixels = answered.pixels;
    if (answered.type === 'unreadable') {
      console.warn(
        'The preview’s painting worker cannot paint these frames; painting on the page instead.',
        answered.message,
      );
      return null;
    }
    return new ImageData(new Uint8ClampedArray(answered.pixels), width, height);
  }

  /** Playing stopped: the worker lets go of the source frame it holds. */
  release(): void {
    if (!this.broken) this.post({ type: 'release' });
  }

  close(): void {
    this.broken = true;
    this.settle(null);
    this.worker.terminate();
  }

  private post(request: PictureRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  private settle(reply: PictureReply | null): void {
    const answer = this.answer;
    this.answer = null;
    answer?.(reply);
  }
}
