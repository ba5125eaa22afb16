import type { Composition } from '../../../../shared/render/composition';

/** What the preview asks its painting worker (see live-worker.ts). */
export type LiveRequest =
  | {
      /** The files it decodes from now on. */
      readonly type: 'files';
      readonly video: Blob;
      readonly webcam: Blob | null;
    }
  | {
      /** The look to paint, at the preview canvas's size. */
      readonly type: 'composition';
      readonly composition: Composition;
      readonly size: { readonly width: number; readonly height: number };
    }
  | {
      /** Paint the source frame showing at `sourceMs` (playing: one ask per animation frame; the newest wins). */
      readonly type: 'show';
      readonly sourceMs: number;
    };

/** The worker's answers. */
export type LiveReply =
  | {
      /** Whether the worker can decode the files; when not, the page paints from its video element. */
      readonly type: 'opened';
      readonly decodable: boolean;
    }
  | {
      /** A picture painted (handed over), and the time of the source frame it shows. */
      readonly type: 'painted';
      readonly picture: ImageBitmap;
      readonly frameMs: number;
    };
