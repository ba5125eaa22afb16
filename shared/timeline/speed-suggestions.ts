import type { Recording } from '../recording/recording';
import { hasCursorTrack, type TrackLists } from '../recording/track';
import type { SpeedRate } from '../time-map/speed';
import { keptRanges, type TimelineEdits } from './timeline';

/** Why a range is offered as a speed-up: a page was loading, or nothing happened. */
export const SUGGESTION_KINDS = ['page-load', 'idle'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** A wait the recording knows about, offered on the timeline as a speed-up (or a cut); never applied unasked. */
export interface SpeedSuggestion {
  readonly kind: SuggestionKind;
  readonly startMs: number;
  readonly endMs: number;
  /** The rate the one-click speed-up uses. */
  readonly rate: SpeedRate;
}

/** What counts as a wait worth offering, in ms, and the rate each kind is offered at. */
export const SUGGESTIONS = {
  /** A page load is looked for this far back from its load event (the click or key that started it). */
  loadLookbackMs: 10_000,
  /** Left at normal speed after the click that starts a load, so the click is still seen. */
  loadLeadMs: 300,
  /** The shortest load offered. */
  loadMinMs: 1000,
  /** A stretch with no pointer, key, scroll or page activity at least this long is idle. */
  idleMinMs: 3000,
  /** Left at normal speed at each end of an idle stretch, so the viewer sees it start and end. */
  idleMarginMs: 500,
  /** 4× for both: faster, a wait flashes by too quickly to follow; a cut is offered beside it for that. */
  rate: { 'page-load': 4, idle: 4 } satisfies Record<SuggestionKind, SpeedRate>,
} as const;

type Track = Pick<Recording, 'video'> & TrackLists;

/**
 * The speed-ups worth offering for a recording: page loads (from the input that started one to its load event)
 * and idle stretches (no pointer, key, scroll or page activity), inside what is kept and not already sped up: a wait
 * a speed-up covers in part is still offered for the part it leaves, when that part is long enough.
 * A recording without a track (an imported video) knows of no waits.
 */
export function suggestSpeedUps(recording: Track, edits: TimelineEdits): SpeedSuggestion[] {
  if (!hasCursorTrack(recording)) return [];
  const kept = keptRanges(edits);
  const speeds = edits.speeds ?? [];
  return waitsOf(recording)
    .flatMap((s) =>
      kept.map((k) => ({ ...s, startMs: Math.max(s.startMs, k.startMs), endMs: Math.min(s.endMs, k.endMs) })),
    )
    .flatMap((s) => outside(s, speeds))
    .filter((s) => s.endMs - s.startMs >= minLength(s.kind))
    .sort((a, b) => a.startMs - b.startMs);
}

/** The parts of `wait` no range of `covers` covers. */
function outside<W extends { startMs: number; endMs: number }>(
  wait: W,
  covers: readonly { startMs: number; endMs: number }[],
): W[] {
  let parts: W[] = [wait];
  for (const cover of covers) {
    parts = parts.flatMap((part) => {
      if (!overlaps(part, cover)) return [part];
      const left = { ...part, endMs: Math.min(part.endMs, cover.startMs) };
      const right = { ...part, startMs: Math.max(part.startMs, cover.endMs) };
      return [left, right].filter((p) => p.endMs > p.startMs);
    });
  }
  return parts;
}

const waits = new WeakMap<Track, SpeedSuggestion[]>();

/** The recording's waits, found once per recording: the timeline asks again on every edit. */
function waitsOf(recording: Track): SpeedSuggestion[] {
  let found = waits.get(recording);
  if (!found) {
    const loads = pageLoads(recording);
    found = [...loads, ...idleStretches(recording).filter((i) => !loads.some((l) => overlaps(l, i)))];
    waits.set(recording, found);
  }
  return found;
}

function pageLoads(recording: Track): SpeedSuggestion[] {
  const inputs = [...recording.clicks, ...recording.typing, ...recording.shortcuts]
    .map((e) => e.t)
    .sort((a, b) => a - b);
  const loads: SpeedSuggestion[] = [];
  for (const page of recording.pages) {
    if (page.t <= 0) continue;
    const started = inputs.filter((t) => t < page.t && t >= page.t - SUGGESTIONS.loadLookbackMs).pop();
    if (started === undefined) continue;
    const startMs = started + SUGGESTIONS.loadLeadMs;
    if (page.t - startMs >= SUGGESTIONS.loadMinMs)
      loads.push({ kind: 'page-load', startMs, endMs: page.t, rate: SUGGESTIONS.rate['page-load'] });
  }
  return loads;
}

function idleStretches(recording: Track): SpeedSuggestion[] {
  const activity = [
    ...recording.cursor,
    ...recording.clicks.flatMap((c) => [c, { t: c.t + (c.durationMs ?? 0) }]),
    ...recording.typing,
    ...recording.shortcuts,
    ...recording.scrolls,
    ...recording.pages,
  ]
    .map((e) => e.t)
    .sort((a, b) => a - b);
  const bounds = [0, ...activity, recording.video.durationMs];
  const stretches: SpeedSuggestion[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const from = bounds[i - 1] as number;
    const to = bounds[i] as number;
    if (to - from < SUGGESTIONS.idleMinMs) continue;
    const startMs = from + SUGGESTIONS.idleMarginMs;
    const endMs = to - SUGGESTIONS.idleMarginMs;
    stretches.push({ kind: 'idle', startMs, endMs, rate: SUGGESTIONS.rate.idle });
  }
  return stretches;
}

function minLength(kind: SuggestionKind): number {
  return kind === 'page-load' ? SUGGESTIONS.loadMinMs : SUGGESTIONS.idleMinMs - 2 * SUGGESTIONS.idleMarginMs;
}

function overlaps(a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}
