import type { Composition } from './output-painter';

/** Messages from the exporter to a paint worker. */
export type PaintRequest =
  | { readonly type: 'init'; readonly composition: Composition; readonly width: number; readonly height: number }
  | {
      readonly type: 'paint';
      readonly index: number;
      readonly sourceTimeMs: number;
      readonly video: VideoFrame;
      readonly webcam: VideoFrame | null;
      readonly timestampUs: number;
      readonly durationUs: number;
    };

/** Messages from a paint worker back to the exporter. */
export type PaintReply =
  | { readonly type: 'painted'; readonly index: number; readonly frame: VideoFrame }
  | { readonly type: 'failed'; readonly index: number; readonly message: string };
