import type { Composition } from '../../../../shared/render/composition';

/** What the preview asks its painting worker (see live-worker.ts). */
export type LiveRequest =
  | {
      /** The look to paint, at the preview canvas's size. */
      readonly type: 'composition';
      readonly composition: Composition;
      readonly size: { readonly width: number; readonly height: number };
    }
  | {
      /** A source frame the video element presented, shown at its own time `sourceMs` (the worker closes it). */
      readonly type: 'frame';
      readonly frame: VideoFrame;
      readonly sourceMs: number;
    }
  | {
      /** The webcam's newest frame (the worker keeps it until the next), or null when none is shown. */
      readonly type: 'webcam';
      readonly frame: VideoFrame | null;
    };

/** The worker's answer: a frame painted (the picture, handed over), by its source time. */
export interface LiveReply {
  readonly type: 'painted';
  readonly sourceMs: number;
  readonly picture: ImageBitmap;
}
