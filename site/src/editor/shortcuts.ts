import type { EditorCommand } from './state/commands';

/** A key press: `key` as KeyboardEvent.key (letters in any case); `mod` is Ctrl or ⌘; `shift` only when it matters. */
interface Chord {
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
}

/** One shortcut: the keys as the help shows them, what it does, the command it runs and the presses that run it. */
export interface Shortcut {
  readonly keys: string;
  readonly action: string;
  readonly command: EditorCommand;
  readonly chords: readonly Chord[];
}

/** The editor's keyboard shortcuts: the key handler and the help panel are both built from this table. */
export const KEYMAP: readonly Shortcut[] = [
  { keys: 'Space', action: 'Play or pause', command: 'togglePlay', chords: [{ key: ' ' }] },
  { keys: '←', action: 'One frame back', command: 'frameBack', chords: [{ key: 'ArrowLeft', shift: false }] },
  { keys: '→', action: 'One frame forward', command: 'frameForward', chords: [{ key: 'ArrowRight', shift: false }] },
  { keys: 'Shift + ←', action: 'One second back', command: 'secondBack', chords: [{ key: 'ArrowLeft', shift: true }] },
  {
    keys: 'Shift + →',
    action: 'One second forward',
    command: 'secondForward',
    chords: [{ key: 'ArrowRight', shift: true }],
  },
  { keys: 'Home', action: 'Go to the start', command: 'toStart', chords: [{ key: 'Home' }] },
  { keys: 'End', action: 'Go to the end', command: 'toEnd', chords: [{ key: 'End' }] },
  { keys: '[', action: 'Trim start at the playhead', command: 'trimStartHere', chords: [{ key: '[' }] },
  { keys: ']', action: 'Trim end at the playhead', command: 'trimEndHere', chords: [{ key: ']' }] },
  { keys: 'Z', action: 'Add a zoom at the playhead', command: 'addZoom', chords: [{ key: 'z' }] },
  { keys: 'X', action: 'Cut out the selected range', command: 'cutRange', chords: [{ key: 'x' }] },
  {
    keys: 'Delete',
    action: 'Delete what is selected (a speed-up goes back to normal speed, a cut back in)',
    command: 'deleteSelected',
    chords: [{ key: 'Delete' }, { key: 'Backspace' }],
  },
  {
    keys: 'Esc',
    action: 'Select nothing (the look’s settings)',
    command: 'clearSelection',
    chords: [{ key: 'Escape' }],
  },
  { keys: 'Ctrl/⌘ + Z', action: 'Undo', command: 'undo', chords: [{ key: 'z', mod: true, shift: false }] },
  {
    keys: 'Ctrl/⌘ + Shift + Z, Ctrl + Y',
    action: 'Redo',
    command: 'redo',
    chords: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
  },
  {
    keys: '+ or =',
    action: 'Zoom the timeline in',
    command: 'timelineZoomIn',
    chords: [{ key: '=' }, { key: '+' }],
  },
  { keys: '−', action: 'Zoom the timeline out', command: 'timelineZoomOut', chords: [{ key: '-' }] },
  { keys: '0', action: 'Fit the whole recording in the timeline', command: 'timelineFit', chords: [{ key: '0' }] },
  { keys: 'E', action: 'Export', command: 'openExport', chords: [{ key: 'e' }] },
  { keys: '?', action: 'Show or hide this help', command: 'toggleHelp', chords: [{ key: '?' }] },
];

/** The parts of a KeyboardEvent a shortcut looks at. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

function matches(chord: Chord, press: KeyPress): boolean {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return (
    key === chord.key &&
    (chord.mod ?? false) === (press.ctrlKey || press.metaKey) &&
    (chord.shift === undefined || chord.shift === press.shiftKey)
  );
}

/** The command a key press runs, or null. */
export function commandForKey(press: KeyPress): EditorCommand | null {
  return KEYMAP.find((shortcut) => shortcut.chords.some((chord) => matches(chord, press)))?.command ?? null;
}

/** What the pointer does on the timeline, listed in the help beside the keys. */
export const POINTER_GESTURES: readonly { readonly keys: string; readonly action: string }[] = [
  { keys: 'Ctrl/⌘ + wheel', action: 'Zoom the timeline at the pointer' },
  { keys: 'Wheel (zoomed in)', action: 'Scroll the timeline' },
  { keys: 'Drag the playhead or ruler', action: 'Scrub, frame by frame' },
  { keys: 'Drag a zoom, text or blur box, or its edges', action: 'Move it, or change its start or end' },
  { keys: 'Drag on an empty zoom, text or blur lane', action: 'Add one over the time dragged' },
  { keys: 'Drag along the video lane', action: 'Select a range to cut out or speed up' },
  { keys: 'Tab to a handle, then ← / →', action: 'Move it a frame (with Shift, a second)' },
];
