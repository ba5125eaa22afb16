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
 * A wheel turn scrolls the page on the compositor, and a key press (Space, Page Down, arrows) starts a smooth scroll
 * it animates: it goes on showing the scroll while the page's main thread is busy, and the boxes are measured there,
 * only once it is free, which its first scroll event after the input tells. So until then, and for a smooth scroll's
 * length after, a frame may show any box measured in that time...
 */
const SMOOTH_SCROLL_MS = 400;
/** ...provided that scroll event came within this long of the input: a later one is another scroll. */
const LONGEST_BUSY_MS = 2_000;

/**
 * An input that can scroll the page, and when the page's main thread first saw it scrolled after it; null for a wheel
 * turn that moved the page and whose scroll event came with it (the recording keeps one entry for both).
 */
export interface ScrollingInput {
  readonly inputMs: number;
  readonly seenMs: number | null;
}

/** What of a recording tells its scrolling inputs. */
type ScrollSources = Partial<Pick<Recording, 'scrolls' | 'typing' | 'shortcuts'>>;

const scrollingInputsOf = new WeakMap<ScrollSources, readonly ScrollingInput[]>();

/**
 * The wheel turns and key presses of `recording` that a scroll event followed within LONGEST_BUSY_MS, and the wheel
 * turns that moved the page with their scroll event (their offsets differ from the entry before), sorted; worked out
 * once per recording. A key that scrolled nothing (typing in a field) has no scroll event after it.
 */
export function scrollingInputs(recording: ScrollSources): readonly ScrollingInput[] {
  let found = scrollingInputsOf.get(recording);
  if (found) return found;
  const scrolls = recording.scrolls ?? [];
  // Scroll events carry no delta; wheel turns do (a page scrolled by script has no input before it).
  const seen = scrolls.filter((scroll) => scroll.deltaX === 0 && scroll.deltaY === 0).map((scroll) => scroll.t);
  const inputs = [
    ...scrolls.filter((scroll) => scroll.deltaX !== 0 || scroll.deltaY !== 0).map((scroll) => scroll.t),
    ...(recording.typing ?? []).map((press) => press.t),
    ...(recording.shortcuts ?? []).map((press) => press.t),
  ].sort((a, b) => a - b);
  const movedAtOnce = new Set(
    scrolls
      .filter((scroll, i) => {
        const before = scrolls[i - 1] ?? { scrollX: 0, scrollY: 0 };
        const turned = scroll.deltaX !== 0 || scroll.deltaY !== 0;
        return turned && (scroll.scrollX !== before.scrollX || scroll.scrollY !== before.scrollY);
      })
      .map((scroll) => scroll.t),
  );
  found = inputs.flatMap((inputMs): ScrollingInput[] => {
    const seenMs = seen[lastIndexAtOrBefore(seen, inputMs, (t) => t) + 1];
    if (seenMs !== undefined && seenMs - inputMs <= LONGEST_BUSY_MS) return [{ inputMs, seenMs }];
    return movedAtOnce.has(inputMs) ? [{ inputMs, seenMs: null }] : [];
  });
  scrollingInputsOf.set(recording, found);
  return found;
}

/**
 * The latest recording time whose box the frame at `t` can show: `t` plus the capture's lead (BURNED_POINTER), or,
 * from a scrolling input until the page saw it scrolled, SMOOTH_SCROLL_MS past that.
 */
function reachOf(t: number, inputs: readonly ScrollingInput[]): number {
  let reach = t + BURNED_POINTER.leadMs;
  for (let i = lastIndexAtOrBefore(inputs, reach, (input) => input.inputMs); i >= 0; i--) {
    const input = inputs[i] as ScrollingInput;
    if (input.inputMs < t - LONGEST_BUSY_MS - SMOOTH_SCROLL_MS) break;
    if (input.seenMs !== null) reach = Math.max(reach, input.seenMs + SMOOTH_SCROLL_MS);
  }
  return reach;
}

/**
 * `reach` pushed to the first box of `track` measured after each scrolling input up to it (within LONGEST_BUSY_MS):
 * the capture shows the page where the compositor scrolled it at once, while the page's scripts can measure it only
 * when they next run, which on a loaded machine was 300 ms later even when its scroll event came with the wheel turn.
 */
function trackReachOf(track: RedactionTrack, t: number, reach: number, inputs: readonly ScrollingInput[]): number {
  const { boxes } = track;
  let reached = reach;
  for (let i = lastIndexAtOrBefore(inputs, reach, (input) => input.inputMs); i >= 0; i--) {
    const { inputMs } = inputs[i] as ScrollingInput;
    if (inputMs < t - LONGEST_BUSY_MS - SMOOTH_SCROLL_MS) break;
    const next = boxes[lastIndexAtOrBefore(boxes, inputMs, (entry) => entry.t) + 1];
    if (next && next.t - inputMs <= LONGEST_BUSY_MS) reached = Math.max(reached, next.t);
  }
  return reached;
}

/**
 * The box of `track` to hide in the frame at recording time `t`, normalized to the video, or null when the element is
 * not on screen then. The capture shows the page late by a varying delay, and sometimes ahead of the track (see
 * BURNED_POINTER and reachOf), so the frame can show the element anywhere it was in that window: the box covers all
 * of them. A field shown in one frame is a leak, while a box larger for a moment costs nothing. The window reaches
 * back to the time of the source frame shown (`pictureMs`), which can be long before t (see frameAt).
 */
export function redactionBoxAt(
  track: RedactionTrack,
  t: number,
  viewport: { readonly width: number; readonly height: number },
  inputs: readonly ScrollingInput[] = [],
  pictureMs: number = t,
): Rect | null {
  const { boxes } = track;
  const shownMs = Math.max(t, pictureMs);
  const last = lastIndexAtOrBefore(
    boxes,
    trackReachOf(track, shownMs, reachOf(shownMs, inputs), inputs),
    (entry) => entry.t,
  );
  if (last < 0) return null;
  const first = Math.max(
    0,
    lastIndexAtOrBefore(boxes, Math.min(t, pictureMs) - BURNED_POINTER.lagMs, (entry) => entry.t),
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
 * What the frame at recording time `t`, showing the source frame of `pictureMs`, hides: every recorded element not
 * switched off, and every box drawn by hand that spans `t`. The rectangles are on the video itself, so they follow
 * the camera.
 */
export function redactionAt(
  recording: ScrollSources & {
    readonly redactions?: Recording['redactions'];
    readonly viewport: { width: number; height: number };
  },
  edits: RedactionEdits,
  t: number,
  pictureMs: number = t,
): FrameRedaction {
  const rects: Rect[] = [];
  const inputs = scrollingInputs(recording);
  for (const track of recording.redactions ?? []) {
    if (edits.off.includes(track.id)) continue;
    const rect = redactionBoxAt(track, t, recording.viewport, inputs, pictureMs);
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
