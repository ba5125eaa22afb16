/** The longest delay setTimeout and setInterval honour: a longer one overflows and fires at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** A delay the browser's timers keep as asked: not negative, not above MAX_TIMER_DELAY_MS. */
export function clampTimerDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(Math.max(0, ms), MAX_TIMER_DELAY_MS);
}
