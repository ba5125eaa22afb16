/** Speed-ups: the rates a range of the recording can play at, and what happens to its sound. */

/** The rates the timeline offers for a selected range (the closed set; 1 is normal speed, never stored). */
export const SPEED_RATES = [1.25, 1.5, 2, 3, 4, 8] as const;
export type SpeedRate = (typeof SPEED_RATES)[number];

/** Up to this rate a sped-up range keeps its sound, time-stretched to keep its pitch; faster ranges are muted. */
export const MAX_AUDIBLE_RATE = 2;

/** A range of source time (ms, start inclusive, end exclusive) that plays `rate` times as fast. */
export interface SpeedRange {
  readonly startMs: number;
  readonly endMs: number;
  readonly rate: SpeedRate;
}

/** Whether a range at `rate` keeps its sound (time-stretched) or is muted. */
export function isAudibleRate(rate: number): boolean {
  return rate <= MAX_AUDIBLE_RATE;
}

/** How a rate reads in the UI: "1.5×". */
export function formatRate(rate: number): string {
  return `${rate}×`;
}
