import { atom } from 'nanostores';

/**
 * What a press on the preview does now: place a label's arrow (the point it shows), draw a new blur box, draw the area
 * of blur box `boxId` again, or nothing (the preview is only watched). Set by the inspectors and the timeline's
 * tools, read by PreviewPointer.
 */
export type PreviewPick =
  | { readonly kind: 'label-target'; readonly calloutId: string }
  | { readonly kind: 'blur-box' }
  | { readonly kind: 'blur-area'; readonly boxId: string };

export const $previewPick = atom<PreviewPick | null>(null);
