import type { CleanPatch } from '../../../shared/render/burned-pointer-restore';
import type { Composition } from '../../../shared/render/composition';

/** What the export's worker asks a painting worker of its pool. */
export type PaintRequest =
  | {
      readonly type: 'init';
      readonly composition: Composition;
      readonly size: { readonly width: number; readonly height: number };
    }
  | {
      readonly type: 'paint';
      /** The source frame, or null: the same one as this worker's last (a held frame is not sent again). */
      readonly video: VideoFrame | null;
      readonly sourceTimeMs: number;
      readonly webcam: VideoFrame | null;
      readonly timing: { readonly timestampUs: number; readonly durationUs: number };
      /** Clean neighbours' pixels for the source frame's burned-in pointer (copied, a few KB). */
      readonly patches: readonly CleanPatch[];
    };

/** A painting worker's answers. */
export type PaintReply =
  | { readonly type: 'ready' }
  | {
      readonly type: 'painted';
      readonly frame: VideoFrame;
      /** Composed by the planar painter. */
      readonly planar: boolean;
      /** Why this worker paints with Canvas 2D, when its planar painter could not be made. */
      readonly fallback: string | null;
    };
