import { useEffect, useRef, useState } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import { rememberRenderSettings } from '../preferences/preferences';
import { saveEdits } from './saved-edits';

/** How long edits wait before they are autosaved (a drag saves once, at its end). */
const AUTOSAVE_DELAY_MS = 300;

export type SaveState = 'saved' | 'saving' | 'failed';

/** Saves `document` a moment after each change (not when it opens); the last-used look is remembered too. */
export function useAutosave(recordingId: string, document: EditDocument): SaveState {
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    setSaveState('saving');
    const timer = setTimeout(() => {
      saveEdits(recordingId, document)
        .then(() => setSaveState('saved'))
        .catch(() => setSaveState('failed'));
      rememberRenderSettings(document.settings);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [document, recordingId]);
  return saveState;
}
