import type { SpeedRange } from '../time-map/speed';
import {
  mappedDurationMs,
  outputTimeOf,
  sourceTimeOf,
  type TimeMapSegment,
  timeMapSegments,
} from '../time-map/time-map';

/** A span of source time in ms, start inclusive, end exclusive. */
export interface TimeRange {
  readonly startMs: number;
  readonly endMs: number;
}

/** What the user kept of a recording: a trim window, sections cut out of it and sped-up ranges, all in source ms. */
export interface TimelineEdits {
  readonly trim: TimeRange;
  readonly cuts: readonly TimeRange[];
  /** Ranges that play faster (absent: none); see shared/time-map. */
  readonly speeds?: readonly SpeedRange[];
}

/** The shortest piece of video the timeline keeps or cuts, so handles cannot cross. */
export const MIN_RANGE_MS = 100;

/** Edits that keep the whole recording. */
export function untrimmedEdits(durationMs: number): TimelineEdits {
  return { trim: { startMs: 0, endMs: durationMs }, cuts: [], speeds: [] };
}

/**
 * The source ranges that play, in order: the trim window minus the cuts (merged, clamped).
 * Everything else in the timeline derives from this.
 */
export function keptRanges(edits: TimelineEdits): TimeRange[] {
  const { startMs, endMs } = edits.trim;
  const cuts = edits.cuts
    .map((c) => ({ startMs: Math.max(c.startMs, startMs), endMs: Math.min(c.endMs, endMs) }))
    .filter((c) => c.endMs > c.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const kept: TimeRange[] = [];
  let cursor = startMs;
  for (const cut of cuts) {
    if (cut.startMs > cursor) kept.push({ startMs: cursor, endMs: cut.startMs });
    cursor = Math.max(cursor, cut.endMs);
  }
  if (endMs > cursor) kept.push({ startMs: cursor, endMs });
  return kept;
}

const timeMaps = new WeakMap<TimelineEdits, TimeMapSegment[]>();

/**
 * The time map of these edits (see shared/time-map/time-map.ts): the kept ranges, split where speed-ups start and
 * end. Kept per edits object, as every frame asks it.
 */
export function timeMapOf(edits: TimelineEdits): readonly TimeMapSegment[] {
  let segments = timeMaps.get(edits);
  if (!segments) {
    segments = timeMapSegments(keptRanges(edits), edits.speeds ?? []);
    timeMaps.set(edits, segments);
  }
  return segments;
}

/** Length of the edited video in ms (sped-up ranges count at their rate). */
export function outputDurationMs(edits: TimelineEdits): number {
  return mappedDurationMs(timeMapOf(edits));
}

/** Source time shown at output time `outputMs` (clamped to the edited video). */
export function sourceTimeAt(edits: TimelineEdits, outputMs: number): number {
  return sourceTimeOf(timeMapOf(edits), outputMs, edits.trim.startMs);
}

/**
 * Output time at which source time `sourceMs` plays; a source time inside a cut or outside the trim
 * maps to the next kept moment (or the end).
 */
export function outputTimeAt(edits: TimelineEdits, sourceMs: number): number {
  return outputTimeOf(timeMapOf(edits), sourceMs);
}

/** Whether source time `sourceMs` is part of the edited video. */
export function isKept(edits: TimelineEdits, sourceMs: number): boolean {
  return keptRanges(edits).some((r) => sourceMs >= r.startMs && sourceMs < r.endMs);
}

/**
 * Source timestamps (ms) of every output frame at `frameRate`: frame i shows the source at output time i/fps.
 * The exporter and the frame-count check in tests both use it.
 */
export function outputFrameTimes(edits: TimelineEdits, frameRate: number): number[] {
  const count = outputFrameCount(edits, frameRate);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(sourceTimeAt(edits, (i * 1000) / frameRate));
  return times;
}

/** Number of frames the edited video has at `frameRate` (a partial last frame counts). */
export function outputFrameCount(edits: TimelineEdits, frameRate: number): number {
  // Round away float noise (e.g. 2000 ms × 30 fps / 1000 = 60.000000001) before taking the ceiling.
  return Math.ceil(Math.round(((outputDurationMs(edits) * frameRate) / 1000) * 1000) / 1000);
}

/** Moves the trim window, keeping it inside the recording and at least MIN_RANGE_MS long. */
export function setTrim(edits: TimelineEdits, durationMs: number, trim: TimeRange): TimelineEdits {
  const startMs = clamp(Math.min(trim.startMs, trim.endMs - MIN_RANGE_MS), 0, durationMs - MIN_RANGE_MS);
  const endMs = clamp(Math.max(trim.endMs, startMs + MIN_RANGE_MS), startMs + MIN_RANGE_MS, durationMs);
  return { ...edits, trim: { startMs, endMs } };
}

/** Cuts a section out (source ms); overlapping cuts merge. Refused (unchanged) when it would remove everything. */
export function addCut(edits: TimelineEdits, cut: TimeRange): TimelineEdits {
  const startMs = Math.min(cut.startMs, cut.endMs);
  const endMs = Math.max(cut.startMs, cut.endMs);
  if (endMs - startMs <= 0) return edits;
  const next = { ...edits, cuts: mergeRanges([...edits.cuts, { startMs, endMs }]) };
  return outputDurationMs(next) >= MIN_RANGE_MS ? next : edits;
}

/** Restores the cut that contains source time `sourceMs`, if any. */
export function removeCutAt(edits: TimelineEdits, sourceMs: number): TimelineEdits {
  return { ...edits, cuts: edits.cuts.filter((c) => !(sourceMs >= c.startMs && sourceMs < c.endMs)) };
}

function mergeRanges(ranges: TimeRange[]): TimeRange[] {
  const sorted = [...ranges].sort((a, b) => a.startMs - b.startMs);
  const merged: TimeRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.startMs <= last.endMs)
      merged[merged.length - 1] = { startMs: last.startMs, endMs: Math.max(last.endMs, range.endMs) };
    else merged.push(range);
  }
  return merged;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
