import { z } from 'zod';

/**
 * The recording clock, written down as wall-clock instants (ms since the epoch, from
 * `performance.timeOrigin + performance.now()`, which every extension context and page shares).
 * Recording time 0 is `startedAt`; paused spans are cut out, so recording time only runs while recording.
 */
export const clockLogSchema = z.object({
  /** Wall time of the recorder's start event: recording time 0. */
  startedAt: z.number().finite(),
  /** Paused spans in wall time; `end` is null while the pause lasts. */
  pauses: z.array(z.object({ start: z.number().finite(), end: z.number().finite().nullable() })),
  /** Wall time the recorder stopped, null while it runs (or when it died without stopping). */
  stoppedAt: z.number().finite().nullable(),
});

/** See {@link clockLogSchema}. */
export type ClockLog = z.infer<typeof clockLogSchema>;

/** A fresh clock log for a recorder that started at wall time `startedAt`. */
export function startClock(startedAt: number): ClockLog {
  return { startedAt, pauses: [], stoppedAt: null };
}

/** The log with a pause opened at `wall`; unchanged when already paused or stopped. */
export function pauseClock(log: ClockLog, wall: number): ClockLog {
  if (isPaused(log) || log.stoppedAt !== null) return log;
  return { ...log, pauses: [...log.pauses, { start: Math.max(wall, log.startedAt), end: null }] };
}

/** The log with the open pause closed at `wall`; unchanged when not paused. */
export function resumeClock(log: ClockLog, wall: number): ClockLog {
  const last = log.pauses.at(-1);
  if (!last || last.end !== null) return log;
  return { ...log, pauses: [...log.pauses.slice(0, -1), { start: last.start, end: Math.max(wall, last.start) }] };
}

/** The log stopped at `wall`; an open pause ends there too (the pause is not part of the recording). */
export function stopClock(log: ClockLog, wall: number): ClockLog {
  if (log.stoppedAt !== null) return log;
  const resumed = resumeClock(log, wall);
  return { ...resumed, stoppedAt: Math.max(wall, log.startedAt) };
}

/** Whether a pause is open. */
export function isPaused(log: ClockLog): boolean {
  const last = log.pauses.at(-1);
  return last !== undefined && last.end === null;
}

/**
 * Recording time (ms) of a wall-clock instant, or null when the instant is before the start, after the
 * stop or inside a pause: such events are not part of the recording.
 */
export function toRecordingTime(log: ClockLog, wall: number): number | null {
  if (wall < log.startedAt) return null;
  if (log.stoppedAt !== null && wall > log.stoppedAt) return null;
  let pausedBefore = 0;
  for (const pause of log.pauses) {
    const end = pause.end ?? Number.POSITIVE_INFINITY;
    if (wall >= pause.start && wall < end) return null;
    if (end <= wall) pausedBefore += end - pause.start;
  }
  return wall - log.startedAt - pausedBefore;
}

/** Recording time elapsed at wall time `now` (while paused: the time at which the pause began). */
export function elapsedRecordingTime(log: ClockLog, now: number): number {
  const until = log.stoppedAt ?? now;
  let paused = 0;
  for (const pause of log.pauses) {
    const end = Math.min(pause.end ?? until, until);
    if (end > pause.start) paused += end - pause.start;
  }
  return Math.max(0, until - log.startedAt - paused);
}

/** Pauses as the recording format stores them: at recording time `t`, `wallDurationMs` were cut out. */
export function recordedPauses(log: ClockLog): { t: number; wallDurationMs: number }[] {
  const out: { t: number; wallDurationMs: number }[] = [];
  let pausedBefore = 0;
  for (const pause of log.pauses) {
    const end = pause.end ?? log.stoppedAt ?? pause.start;
    out.push({ t: Math.max(0, pause.start - log.startedAt - pausedBefore), wallDurationMs: end - pause.start });
    pausedBefore += end - pause.start;
  }
  return out;
}
