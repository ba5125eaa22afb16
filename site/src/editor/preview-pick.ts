import { atom } from 'nanostores';

/**
 * What a press on the preview does now: place a label's arrow (the point it shows), draw a blur box, or nothing (the
 * preview is only watched). Set by the inspectors, read by PreviewPointer.
 */
export type PreviewPick = { readonly kind: 'label-target'; readonly calloutId: string } | { readonly kind: 'blur-box' };

export const $previewPick = atom<PreviewPick | null>(null);
