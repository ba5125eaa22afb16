import type { SpeedRange, SpeedRate } from '../time-map/speed';
import { MIN_RANGE_MS, type TimelineEdits, type TimeRange } from './timeline';

/**
 * Plays `range` (source ms) at `rate`: the part of any speed-up inside it is replaced, neighbours with the same rate
 * merge; rate 1 puts the range back to normal speed. A range shorter than MIN_RANGE_MS changes nothing.
 */
export function setSpeed(edits: TimelineEdits, range: TimeRange, rate: SpeedRate | 1): TimelineEdits {
  const startMs = Math.min(range.startMs, range.endMs);
  const endMs = Math.max(range.startMs, range.endMs);
  if (endMs - startMs < MIN_RANGE_MS) return edits;
  const outside: SpeedRange[] = [];
  for (const speed of edits.speeds ?? []) {
    if (speed.startMs < startMs) outside.push({ ...speed, endMs: Math.min(speed.endMs, startMs) });
    if (speed.endMs > endMs) outside.push({ ...speed, startMs: Math.max(speed.startMs, endMs) });
  }
  const speeds = rate === 1 ? outside : [...outside, { startMs, endMs, rate }];
  return { ...edits, speeds: mergeSameRate(speeds) };
}

/** The speed-up that contains source time `sourceMs`, if any. */
export function speedAt(edits: TimelineEdits, sourceMs: number): SpeedRange | null {
  return (edits.speeds ?? []).find((s) => sourceMs >= s.startMs && sourceMs < s.endMs) ?? null;
}

/** Puts the speed-up containing `sourceMs` back to normal speed. */
export function removeSpeedAt(edits: TimelineEdits, sourceMs: number): TimelineEdits {
  const speed = speedAt(edits, sourceMs);
  return speed ? { ...edits, speeds: (edits.speeds ?? []).filter((s) => s !== speed) } : edits;
}

function mergeSameRate(speeds: readonly SpeedRange[]): SpeedRange[] {
  const sorted = speeds.filter((s) => s.endMs > s.startMs).sort((a, b) => a.startMs - b.startMs);
  const merged: SpeedRange[] = [];
  for (const speed of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.rate === speed.rate && speed.startMs <= last.endMs)
      merged[merged.length - 1] = { ...last, endMs: Math.max(last.endMs, speed.endMs) };
    else merged.push(speed);
  }
  return merged;
}
