/**
 * Reads an HTTP `Retry-After` header (seconds, or an HTTP date) as milliseconds from `now`; null when absent or
 * unreadable. A date in the past is 0.
 */
export function readRetryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim() ?? '';
  if (value === '') return null;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
