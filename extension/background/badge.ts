import { browser } from 'wxt/browser';
import { paintActionIcon } from './action-icon';
import { showActionMenu } from './action-menu';
import type { RecorderState } from './recorder-machine';

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

/** What the toolbar button shows for a recorder state: badge text and colour, and the button's tooltip. */
export function badgeAppearance(state: Pick<RecorderState, 'phase' | 'elapsedMs' | 'message'>): {
  text: string;
  color: string;
  title: string;
} {
  const { phase, elapsedMs, message } = state;
  const title =
    phase === 'recording' || phase === 'paused'
      ? 'Clickreel: click to stop recording'
      : 'Clickreel: click to record this tab';
  if (phase === 'recording') return { text: formatBadgeTime(elapsedMs), color: BADGE_COLORS.recording, title };
  if (phase === 'paused') return { text: '❚❚', color: BADGE_COLORS.paused, title };
  if (phase === 'countdown' || phase === 'starting') return { text: '…', color: BADGE_COLORS.recording, title };
  return { text: message ? '!' : '', color: BADGE_COLORS.attention, title };
}

/** Paints the toolbar button for a recorder state: its icon, badge, tooltip and the items of its right-click menu. */
export async function paintBadge(state: Pick<RecorderState, 'phase' | 'elapsedMs' | 'message'>): Promise<void> {
  const { text, color, title } = badgeAppearance(state);
  await paintActionIcon(state.phase);
  await browser.action.setBadgeText({ text });
  if (text) await browser.action.setBadgeBackgroundColor({ color });
  await browser.action.setTitle({ title });
  await showActionMenu(state.phase);
}
