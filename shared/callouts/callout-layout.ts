// Where each kind of callout goes on the video, in canvas pixels: the painter (shared/render/callouts.ts) places the
// boxes it measured with these, and the placement of new callouts (callout-placement.ts) the boxes it estimated, so
// both agree on where a callout is. No zod, no canvas: the export worker imports it.
import { clamp, type Point, type Rect } from '../geometry/geometry';
import type { CalloutKind, CalloutPlacement, CaptionPlacement, LabelPlacement } from './callout';

/** Each kind's type: font size in pixels of a 1080p canvas, weight, widest box as a share of the video, most lines. */
export const CALLOUT_TYPE: Readonly<
  Record<
    CalloutKind,
    { readonly fontSize: number; readonly weight: number; readonly maxWidth: number; readonly maxLines: number }
  >
> = {
  title: { fontSize: 64, weight: 700, maxWidth: 0.8, maxLines: 3 },
  caption: { fontSize: 34, weight: 600, maxWidth: 0.86, maxLines: 2 },
  label: { fontSize: 28, weight: 600, maxWidth: 0.45, maxLines: 2 },
};

/** Line height, as a multiple of the font size. */
export const CALLOUT_LINE_HEIGHT = 1.25;

/** A callout's box: its size in canvas pixels, and its font size (the padding and gaps follow from it). */
export interface CalloutBoxSize {
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
}

/** The kind's font size on a canvas of `unit` (canvas pixels per 1080p pixel). */
export function calloutFontSize(kind: CalloutKind, unit: number): number {
  return Math.round(CALLOUT_TYPE[kind].fontSize * unit);
}

/** Space between a box's edge and its text. */
export function calloutPadding(fontSize: number): { readonly x: number; readonly y: number } {
  return { x: fontSize * 0.7, y: fontSize * 0.45 };
}

/**
 * The box `text` takes, estimated without a canvas (0.6 of the font size per character, wider than the system font's
 * letters on average): for placing a callout before it is painted.
 */
export function estimatedCalloutBox(kind: CalloutKind, text: string, video: Rect, unit: number): CalloutBoxSize {
  const type = CALLOUT_TYPE[kind];
  const fontSize = calloutFontSize(kind, unit);
  const padding = calloutPadding(fontSize);
  const room = Math.max(fontSize, video.width * type.maxWidth - 2 * padding.x);
  const textWidth = Math.max(1, text.trim().length) * fontSize * 0.6;
  const lines = Math.min(type.maxLines, Math.ceil(textWidth / room));
  return {
    width: Math.min(textWidth, room) + 2 * padding.x,
    height: lines * CALLOUT_LINE_HEIGHT * fontSize + 2 * padding.y,
    fontSize,
  };
}

/** A caption's edge: the top when its place says so, else the foot. */
export function captionPlacement(placement: CalloutPlacement | null | undefined): CaptionPlacement {
  return placement === 'top' ? 'top' : 'bottom';
}

/** A label's side of its target, when its place names one (else it takes one by itself: labelPlacementToward). */
export function labelPlacement(placement: CalloutPlacement | null | undefined): LabelPlacement | undefined {
  return placement && placement !== 'top' && placement !== 'bottom' ? placement : undefined;
}

/** A title card's box: in the middle of the video (the card dims all of the video). */
export function titleRect(box: CalloutBoxSize, video: Rect): Rect {
  return {
    x: video.x + (video.width - box.width) / 2,
    y: video.y + (video.height - box.height) / 2,
    width: box.width,
    height: box.height,
  };
}

/** A caption's box: centred across the video, 7 % of its height from its foot (or from its top). */
export function captionRect(box: CalloutBoxSize, video: Rect, placement: CaptionPlacement = 'bottom'): Rect {
  const margin = video.height * 0.07;
  return {
    x: video.x + (video.width - box.width) / 2,
    y: placement === 'top' ? video.y + margin : video.y + video.height - box.height - margin,
    width: box.width,
    height: box.height,
  };
}

/** The side of its target a label takes by itself: towards the middle of the video, so it stays on screen. */
export function labelPlacementToward(target: Point, video: Rect): LabelPlacement {
  const left = target.x > video.x + video.width / 2;
  const above = target.y > video.y + video.height / 2;
  return `${above ? 'above' : 'below'}-${left ? 'left' : 'right'}`;
}

/**
 * A label's box beside its target, on the side `placement` names (absent: towards the middle of the video), a gap
 * away and kept inside the video; `from` is where its arrow leaves the box.
 */
export function labelRect(
  box: CalloutBoxSize,
  video: Rect,
  target: Point,
  placement: LabelPlacement = labelPlacementToward(target, video),
): { readonly rect: Rect; readonly from: Point } {
  const gap = Math.max(box.fontSize * 2.2, Math.min(video.width, video.height) * 0.12);
  const left = placement.endsWith('left');
  const above = placement.startsWith('above');
  const x = clamp(
    left ? target.x - gap - box.width : target.x + gap,
    video.x + 4,
    video.x + video.width - box.width - 4,
  );
  const y = clamp(
    above ? target.y - gap - box.height : target.y + gap,
    video.y + 4,
    video.y + video.height - box.height - 4,
  );
  return {
    rect: { x, y, width: box.width, height: box.height },
    from: { x: left ? x + box.width : x, y: above ? y + box.height : y },
  };
}
