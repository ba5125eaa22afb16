// The editor's two page-level hooks: the media's object URLs, and the keymap on the window.
import { useEffect, useMemo } from 'react';
import { commandForKey } from './shortcuts';
import type { EditorStore } from './state/editor-store';

/** An object URL for `blob` while it is shown. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Runs the keymap's commands on key presses (not while typing in a field). */
export function useKeymap(editor: EditorStore) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A control that took the key (a slider's or a radio group's arrows) keeps it.
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA'))
        return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      editor.command(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}
