/** The editor's keyboard shortcuts, shown in the help panel; `keys` are the labels, `action` what they do. */
export const EDITOR_SHORTCUTS = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '← / →', action: 'One frame back / forward' },
  { keys: 'Shift + ← / →', action: 'One second back / forward' },
  { keys: 'Home / End', action: 'Go to the start / end' },
  { keys: '[ / ]', action: 'Trim start / end at the playhead' },
  { keys: 'Z', action: 'Add a zoom at the playhead' },
  { keys: 'X', action: 'Cut out the selected range' },
  { keys: 'Delete', action: 'Delete the selected zoom' },
  { keys: 'Ctrl/⌘ + Z', action: 'Undo' },
  { keys: 'Ctrl/⌘ + Shift + Z, Ctrl + Y', action: 'Redo' },
  { keys: 'E', action: 'Export' },
  { keys: '?', action: 'Show or hide this help' },
] as const;
