import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_RECORDER_PHASES } from '../../shared/messages/extension-messages';
import { ACTION_ICON_SIZES, ALL_ICON_NAMES, APP_ICON_SIZES, actionIconFor, iconPaths } from './action-icon';

describe('the toolbar icon', () => {
  test('turns red while recording (and starting), grey while paused, and is the mark otherwise', () => {
    const icons = Object.fromEntries(ALL_RECORDER_PHASES.map((phase) => [phase, actionIconFor(phase)]));
    expect(icons).toEqual({
      idle: 'clickreel',
      starting: 'recording',
      countdown: 'recording',
      recording: 'recording',
      paused: 'paused',
      stopping: 'clickreel',
    });
  });

  test('every icon file the manifest and the toolbar name is drawn (no grey letter in its place)', () => {
    for (const name of ALL_ICON_NAMES) {
      const sizes = name === 'clickreel' ? APP_ICON_SIZES : ACTION_ICON_SIZES;
      for (const path of Object.values(iconPaths(name, sizes))) {
        expect(existsSync(resolve('extension/public', path)), path).toBe(true);
      }
    }
  });
});
