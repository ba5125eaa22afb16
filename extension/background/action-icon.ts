import { browser } from 'wxt/browser';
import type { RecorderPhase } from '../../shared/messages/extension-messages';

/** The extension's icons (extension/icons/<name>.svg, drawn into public/icons by `npm run build:icons`). */
export const ALL_ICON_NAMES = ['clickreel', 'recording', 'paused'] as const;
export type IconName = (typeof ALL_ICON_NAMES)[number];

/** Sizes of the app icon (toolbar, extensions page, store) and of the toolbar-only state icons. */
export const APP_ICON_SIZES = [16, 32, 48, 128] as const;
export const ACTION_ICON_SIZES = [16, 32] as const;

/** The icon files of `name` at `sizes`, keyed by size, as the manifest and chrome.action.setIcon take them. */
export function iconPaths(name: IconName, sizes: readonly number[]): Record<string, string> {
  return Object.fromEntries(sizes.map((size) => [String(size), `icons/${name}-${size}.png`]));
}

/** The toolbar icon for a phase: red while recording (and starting), grey while paused, the mark otherwise. */
export function actionIconFor(phase: RecorderPhase): IconName {
  if (phase === 'recording' || phase === 'countdown' || phase === 'starting') return 'recording';
  if (phase === 'paused') return 'paused';
  return 'clickreel';
}

/** Shows the phase on the toolbar icon itself, besides the badge (a badge alone is easy to miss). */
export async function paintActionIcon(phase: RecorderPhase): Promise<void> {
  const name = actionIconFor(phase);
  await browser.action.setIcon({ path: iconPaths(name, name === 'clickreel' ? APP_ICON_SIZES : ACTION_ICON_SIZES) });
}
