import type { Composition } from '../../../../shared/render/composition';

/** What the playing preview's painting worker (picture-worker.ts) is asked to do. */
export type PictureRequest =
  /** Paint `composition` at `width`×`height` from now on. */
  | { readonly type: 'compose'; readonly composition: Composition; readonly width: number; readonly height: number }
  /**
   * Paint the frame at `ms` into `pixels` (RGBA, the picture's size) from `video`, the source frame of `pictureMs`
   * (null: the one sent last, still showing), with `webcam`'s frame when it shows.
   */
  | {
      readonly type: 'paint';
      readonly ms: number;
      readonly pictureMs: number | undefined;
      readonly video: VideoFrame | null;
      readonly webcam: VideoFrame | null;
      readonly pixels: ArrayBuffer;
    }
  /** Close the source frame kept (playing stopped). */
  | { readonly type: 'release' };

export type PictureReply =
  /** The picture, in the buffer sent with the request. */
  | { readonly type: 'painted'; readonly pixels: ArrayBuffer }
  /** The planar painter cannot read these frames, or could not be made: Canvas 2D paints them. */
  | { readonly type: 'unreadable'; readonly pixels: ArrayBuffer; readonly message: string };
