import { lastIndexAtOrBefore, type Rect } from '../geometry/geometry';
import type { Recording, RedactionTrack } from '../recording/recording';
import type { RedactionEdits, RedactionStyle } from '../redaction/redaction';
import { BURNED_POINTER } from './burned-pointer';

/** What a frame hides: rectangles normalized to the video (0..1), and how they are drawn. */
export interface FrameRedaction {
  readonly style: RedactionStyle;
  readonly rects: readonly Rect[];
}

/** Margin around a recorded element's box, CSS px: anti-aliasing, focus rings and codec ringing reach past it. */
const MARGIN_CSS = 4;

/**
 * The box of `track` to hide in the frame at recording time `t`, normalized to the video, or null when the element is
 * not on screen then. The capture shows the page late by a varying delay, and sometimes ahead of the track (see
 * BURNED_POINTER), so the frame can show the element anywhere it was in that window: the box covers all of them.
 */
export function redactionBoxAt(
  track: RedactionTrack,
  t: number,
  viewport: { readonly width: number; readonly height: number },
): Rect | null {
  const { boxes } = track;
  const last = lastIndexAtOrBefore(boxes, t + BURNED_POINTER.leadMs, (entry) => entry.t);
  if (last < 0) return null;
  const first = Math.max(
    0,
    lastIndexAtOrBefore(boxes, t - BURNED_POINTER.lagMs, (entry) => entry.t),
  );
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = first; i <= last; i++) {
    const box = boxes[i]?.box;
    if (!box) continue;
    x0 = Math.min(x0, box.x);
    y0 = Math.min(y0, box.y);
    x1 = Math.max(x1, box.x + box.width);
    y1 = Math.max(y1, box.y + box.height);
  }
  if (x1 < x0 || y1 < y0) return null;
  const mx = MARGIN_CSS / viewport.width;
  const my = MARGIN_CSS / viewport.height;
  return onVideo({ x: x0 - mx, y: y0 - my, width: x1 - x0 + 2 * mx, height: y1 - y0 + 2 * my });
}

/** `rect` clipped to the video (0..1), or null when none of it is on the video. */
function onVideo(rect: Rect): Rect | null {
  const x0 = Math.max(0, rect.x);
  const y0 = Math.max(0, rect.y);
  const x1 = Math.min(1, rect.x + rect.width);
  const y1 = Math.min(1, rect.y + rect.height);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * What the frame at recording time `t` hides: every recorded element not switched off, and every box drawn by hand
 * that spans `t`. The rectangles are on the video itself, so they follow the camera.
 */
export function redactionAt(
  recording: { readonly redactions?: Recording['redactions']; readonly viewport: { width: number; height: number } },
  edits: RedactionEdits,
  t: number,
): FrameRedaction {
  const rects: Rect[] = [];
  for (const track of recording.redactions ?? []) {
    if (edits.off.includes(track.id)) continue;
    const rect = redactionBoxAt(track, t, recording.viewport);
    if (rect) rects.push(rect);
  }
  for (const drawn of edits.boxes) {
    if (t < drawn.startMs || t >= drawn.endMs) continue;
    const rect = onVideo(drawn.box);
    if (rect) rects.push(rect);
  }
  return { style: edits.style, rects };
}

/** `rect` (normalized) in video pixels, rounded outwards: what the painters hide in the decoded frame. */
export function videoPixelBox(
  rect: Rect,
  video: { readonly width: number; readonly height: number },
): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.floor(rect.x * video.width),
    y0: Math.floor(rect.y * video.height),
    x1: Math.ceil((rect.x + rect.width) * video.width),
    y1: Math.ceil((rect.y + rect.height) * video.height),
  };
}

/** The stretches of recording time in which a recorded element is on screen, for the editor's tracks. */
export function onScreenSpans(track: RedactionTrack, durationMs: number): { startMs: number; endMs: number }[] {
  const spans: { startMs: number; endMs: number }[] = [];
  let start: number | null = null;
  for (const entry of track.boxes) {
    if (entry.box && start === null) start = entry.t;
    if (!entry.box && start !== null) {
      spans.push({ startMs: start, endMs: entry.t });
      start = null;
    }
  }
  if (start !== null && start < durationMs) spans.push({ startMs: start, endMs: durationMs });
  return spans;
}
