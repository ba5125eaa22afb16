import { clamp } from '../geometry/geometry';
import type { StrengthLevel } from '../look/enumerations';
import { withinZoomTimingLimits, type ZoomTiming } from '../look/zoom-timing';
import type { Recording } from '../recording/recording';
import { type AutoZoomOptions, autoZoomSegments, overlaps, type Span } from './auto-zoom';
import type { ZoomFocus, ZoomSegment } from './zoom-segment';

/** The shortest zoom the editor allows. */
export const MIN_EDITED_ZOOM_MS = 500;

function sorted(segments: readonly ZoomSegment[]): ZoomSegment[] {
  return [...segments].sort((a, b) => a.startMs - b.startMs);
}

/** The free stretch of time around `t` not covered by segments other than `exceptId`. */
function freeGapAround(segments: readonly ZoomSegment[], t: number, durationMs: number, exceptId?: string): Span {
  let startMs = 0;
  let endMs = durationMs;
  for (const s of segments) {
    if (s.id === exceptId) continue;
    if (s.endMs <= t) startMs = Math.max(startMs, s.endMs);
    else if (s.startMs >= t) endMs = Math.min(endMs, s.startMs);
    else return { startMs: t, endMs: t };
  }
  return { startMs, endMs };
}

/** What the editor gives for a new zoom. */
export interface ZoomDraft {
  readonly startMs: number;
  readonly endMs: number;
  readonly depth: StrengthLevel;
  readonly focus: ZoomFocus;
}

/**
 * Adds a user zoom, trimmed to the free time around its start; unchanged when there is no room
 * (less than MIN_EDITED_ZOOM_MS free) at that time.
 */
export function addZoomSegment(
  segments: readonly ZoomSegment[],
  draft: ZoomDraft,
  id: string,
  durationMs: number,
): ZoomSegment[] {
  const start = clamp(draft.startMs, 0, durationMs);
  const gap = freeGapAround(segments, start, durationMs);
  const startMs = Math.max(gap.startMs, start);
  const endMs = Math.min(gap.endMs, Math.max(draft.endMs, startMs + MIN_EDITED_ZOOM_MS));
  if (endMs - startMs < MIN_EDITED_ZOOM_MS) return sorted(segments);
  return sorted([...segments, { id, startMs, endMs, depth: draft.depth, focus: draft.focus, origin: 'user' }]);
}

/** Moves a zoom to start at `startMs`, keeping its length, stopped by its neighbours and the video's ends. */
export function moveZoomSegment(
  segments: readonly ZoomSegment[],
  id: string,
  startMs: number,
  durationMs: number,
): ZoomSegment[] {
  const segment = segments.find((s) => s.id === id);
  if (!segment) return sorted(segments);
  const length = segment.endMs - segment.startMs;
  const center = segment.startMs + length / 2;
  const gap = freeGapAround(segments, center, durationMs, id);
  const lowest = gap.startMs;
  const highest = gap.endMs - length;
  const start = clamp(startMs, lowest, Math.max(lowest, highest));
  return sorted(
    segments.map((s) => (s.id === id ? { ...s, startMs: start, endMs: start + length, origin: 'user' as const } : s)),
  );
}

/** Changes a zoom's start and/or end, stopped by its neighbours; it keeps at least MIN_EDITED_ZOOM_MS. */
export function resizeZoomSegment(
  segments: readonly ZoomSegment[],
  id: string,
  edges: { readonly startMs?: number; readonly endMs?: number },
  durationMs: number,
): ZoomSegment[] {
  const segment = segments.find((s) => s.id === id);
  if (!segment) return sorted(segments);
  const gap = freeGapAround(segments, (segment.startMs + segment.endMs) / 2, durationMs, id);
  const endMs = clamp(edges.endMs ?? segment.endMs, segment.startMs + MIN_EDITED_ZOOM_MS, gap.endMs);
  const startMs = clamp(edges.startMs ?? segment.startMs, gap.startMs, endMs - MIN_EDITED_ZOOM_MS);
  return sorted(segments.map((s) => (s.id === id ? { ...s, startMs, endMs, origin: 'user' as const } : s)));
}

/** Changes a zoom's depth or focus. */
export function updateZoomSegment(
  segments: readonly ZoomSegment[],
  id: string,
  change: { readonly depth?: StrengthLevel; readonly focus?: ZoomFocus },
): ZoomSegment[] {
  return sorted(segments.map((s) => (s.id === id ? { ...s, ...change, origin: 'user' as const } : s)));
}

/** Removes a zoom. */
export function deleteZoomSegment(segments: readonly ZoomSegment[], id: string): ZoomSegment[] {
  return sorted(segments.filter((s) => s.id !== id));
}

/**
 * Replaces the automatic zooms with freshly generated ones, keeping every zoom the user made or edited;
 * generated zooms that would overlap the user's are left out.
 */
export function regenerateAutoZooms(
  recording: Recording,
  segments: readonly ZoomSegment[],
  options: AutoZoomOptions,
): ZoomSegment[] {
  const own = segments.filter((s) => s.origin === 'user');
  const generated = autoZoomSegments(recording, options).filter((a) => !own.some((u) => overlaps(a, u)));
  return sorted([...own, ...generated]);
}

/**
 * The zooms after the zoom depth setting changes from `from` to `to`: the automatic zooms take the new depth at once
 * (None removes them; leaving None plans them afresh); the user's own zooms, and automatic ones deleted, stay as they are.
 */
export function changeAutoZoomDepth(
  recording: Recording,
  segments: readonly ZoomSegment[],
  from: StrengthLevel,
  to: StrengthLevel,
  timing?: AutoZoomOptions['timing'],
): ZoomSegment[] {
  if (to === from) return sorted(segments);
  if (to === 'None') return sorted(segments.filter((s) => s.origin === 'user'));
  if (from === 'None') return regenerateAutoZooms(recording, segments, { depth: to, timing });
  return sorted(segments.map((s) => (s.origin === 'auto' ? { ...s, depth: to } : s)));
}

/** The stretch of actions an automatic zoom was made for (its whole span when it does not say). */
function actionSpan(segment: ZoomSegment): Span {
  return segment.actions
    ? { startMs: segment.actions.firstMs, endMs: segment.actions.lastMs + 1 }
    : { startMs: segment.startMs, endMs: segment.endMs };
}

/**
 * The zooms after the lead-in or hold setting changes: the automatic zooms are planned afresh with the new timing
 * (merging and splitting as the timing makes them); the user's own zooms stay, and so does the user's deletion of an
 * automatic zoom: a new zoom is kept only if its actions are ones a current automatic zoom was made for.
 */
export function retimeAutoZooms(
  recording: Recording,
  segments: readonly ZoomSegment[],
  options: AutoZoomOptions,
): ZoomSegment[] {
  const own = segments.filter((s) => s.origin === 'user');
  const current = segments.filter((s) => s.origin === 'auto').map(actionSpan);
  const generated = autoZoomSegments(recording, options).filter(
    (a) => !own.some((u) => overlaps(a, u)) && current.some((c) => overlaps(actionSpan(a), c)),
  );
  return sorted([...own, ...generated]);
}

/** What a zoom's own timing can change: its lead-in and hold (around its actions) and its speed. */
export type ZoomTimingChange = Partial<ZoomTiming>;

/**
 * Gives one zoom its own timing: a lead-in or hold moves its start or end relative to the actions it frames
 * (stopped by its neighbours, at least MIN_EDITED_ZOOM_MS long); a speed is its own camera speed. The zoom becomes
 * the user's, so regenerating keeps it. Lead-in and hold need the zoom's actions (automatic zooms have them).
 */
export function setZoomTiming(
  segments: readonly ZoomSegment[],
  id: string,
  change: ZoomTimingChange,
  durationMs: number,
): ZoomSegment[] {
  const segment = segments.find((s) => s.id === id);
  if (!segment) return sorted(segments);
  const edges: { startMs?: number; endMs?: number } = {};
  if (segment.actions && change.leadInMs !== undefined)
    edges.startMs = segment.actions.firstMs - withinZoomTimingLimits('leadInMs', change.leadInMs);
  if (segment.actions && change.holdMs !== undefined)
    edges.endMs = segment.actions.lastMs + withinZoomTimingLimits('holdMs', change.holdMs);
  const resized = resizeZoomSegment(segments, id, edges, durationMs);
  if (change.speed === undefined) return resized;
  const speed = withinZoomTimingLimits('speed', change.speed);
  return resized.map((s) => (s.id === id ? { ...s, speed, origin: 'user' as const } : s));
}

/** A zoom's lead-in and hold around its actions, when it knows them. */
export function zoomTimingOf(segment: ZoomSegment): { leadInMs: number; holdMs: number } | null {
  if (!segment.actions) return null;
  return {
    leadInMs: Math.max(0, segment.actions.firstMs - segment.startMs),
    holdMs: Math.max(0, segment.endMs - segment.actions.lastMs),
  };
}
