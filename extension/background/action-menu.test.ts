import { describe, expect, test } from 'vitest';
import { ALL_RECORDER_PHASES } from '../../shared/messages/extension-messages';
import { ACTION_MENU_ITEMS, actionMenuFor } from './action-menu';

const visibleIn = (phase: Parameters<typeof actionMenuFor>[0]) => {
  const menu = actionMenuFor(phase);
  return ACTION_MENU_ITEMS.filter((id) => menu[id].visible).map((id) => menu[id].title);
};

describe('the toolbar button’s right-click menu', () => {
  test('pause and discard only while a recording runs; resume while paused', () => {
    expect(visibleIn('recording')).toEqual([
      'Pause recording',
      'Discard recording',
      'Controls and settings…',
      'Your recordings',
    ]);
    expect(visibleIn('paused')).toEqual([
      'Resume recording',
      'Discard recording',
      'Controls and settings…',
      'Your recordings',
    ]);
  });

  test('with nothing recording, a window or the screen can be recorded from it; starting or saving, neither', () => {
    expect(visibleIn('idle')).toEqual([
      'Record a window…',
      'Record the whole screen…',
      'Controls and settings…',
      'Your recordings',
    ]);
    const busy = ALL_RECORDER_PHASES.filter((p) => p !== 'recording' && p !== 'paused' && p !== 'idle');
    for (const phase of busy) expect(visibleIn(phase), phase).toEqual(['Controls and settings…', 'Your recordings']);
  });
});
