import { describe, expect, test } from 'vitest';
import { BADGE_COLORS, badgeAppearance, formatBadgeTime } from './badge';

describe('the badge', () => {
  test('shows elapsed minutes and seconds, hours past an hour', () => {
    expect(formatBadgeTime(0)).toBe('0:00');
    expect(formatBadgeTime(7_900)).toBe('0:07');
    expect(formatBadgeTime(754_000)).toBe('12:34');
    expect(formatBadgeTime(3_720_000)).toBe('1:02h');
  });

  test('shows the time while recording, pause bars while paused, "…" while starting, "!" after a problem', () => {
    const state = { elapsedMs: 7_900, message: null };
    expect(badgeAppearance({ ...state, phase: 'recording' })).toEqual({
      text: '0:07',
      color: BADGE_COLORS.recording,
      title: 'Clickreel: click to stop recording',
    });
    expect(badgeAppearance({ ...state, phase: 'paused' })).toMatchObject({ text: '❚❚', color: BADGE_COLORS.paused });
    expect(badgeAppearance({ ...state, phase: 'countdown' }).text).toBe('…');
    expect(badgeAppearance({ ...state, phase: 'idle' })).toMatchObject({
      text: '',
      title: 'Clickreel: click to record this tab',
    });
    expect(badgeAppearance({ ...state, phase: 'idle', message: 'The recorder stopped.' })).toMatchObject({
      text: '!',
      color: BADGE_COLORS.attention,
    });
  });
});
