import { clamp, lastIndexAtOrBefore } from '../geometry/geometry';
import type { Recording, Shortcut } from '../recording/recording';

/** How long a shortcut stays on screen, and its fades (ms). */
export const SHORTCUT_OVERLAY = { showMs: 1400, fadeInMs: 100, fadeOutMs: 300 } as const;

const KEY_NAMES: Readonly<Record<string, string>> = {
  ' ': 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  Backspace: '⌫',
  Delete: 'Del',
  Enter: '↵',
  Tab: 'Tab',
};

/** How a shortcut is shown: 'Ctrl + Shift + K'. */
export function shortcutLabel(key: Shortcut): string {
  const parts: string[] = [];
  if (key.meta) parts.push('⌘');
  if (key.ctrl) parts.push('Ctrl');
  if (key.alt) parts.push('Alt');
  if (key.shift) parts.push('Shift');
  parts.push(KEY_NAMES[key.key] ?? (key.key.length === 1 ? key.key.toUpperCase() : key.key));
  return parts.join(' + ');
}

/** The shortcuts of a recording, in time order (the recording keeps nothing else of the keyboard). */
export function shortcutsOf(recording: Recording): readonly Shortcut[] {
  return recording.shortcuts;
}

/** The shortcut on screen at time t and its opacity, or null. */
export function shortcutAt(shortcuts: readonly Shortcut[], t: number): { label: string; opacity: number } | null {
  const key = shortcuts[lastIndexAtOrBefore(shortcuts, t, (k) => k.t)];
  if (!key || t - key.t >= SHORTCUT_OVERLAY.showMs) return null;
  const age = t - key.t;
  const opacity = Math.min(
    clamp(age / SHORTCUT_OVERLAY.fadeInMs, 0, 1),
    clamp((SHORTCUT_OVERLAY.showMs - age) / SHORTCUT_OVERLAY.fadeOutMs, 0, 1),
  );
  return { label: shortcutLabel(key), opacity };
}
