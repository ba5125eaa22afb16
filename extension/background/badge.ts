/** Badge text for an elapsed recording time: "0:07", "12:34", "1:02h" past an hour (the badge fits ~4 chars). */
export function formatBadgeTime(elapsedMs: number): string {
  const totalSeconds = Math.floor(Math.max(0, elapsedMs) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes >= 60) return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}h`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Colours of the badge per state. */
export const BADGE_COLORS = { recording: '#d93025', paused: '#5f6368', attention: '#e37400' } as const;
