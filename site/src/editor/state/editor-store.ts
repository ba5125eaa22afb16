import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { EditDocument } from '../../../../shared/edits/edit-document';
import { canRedo, canUndo } from '../../../../shared/timeline/history';
import { type EditorCommand, runCommand } from './commands';
import { type EditorAction, type EditorContext, type EditorState, initialEditorState } from './editor-state';

/** One editor's state in a nanostores store; every change goes through a pure action of editor-state.ts. */
export interface EditorStore {
  readonly $state: ReadableAtom<EditorState>;
  /** The edit document (the present of the undo history). */
  readonly $document: ReadableAtom<EditDocument>;
  readonly $canUndo: ReadableAtom<boolean>;
  readonly $canRedo: ReadableAtom<boolean>;
  /** Playing, the playhead of the picture the preview shows (see ../timeline/live-playhead.tsx); null while paused. */
  readonly $livePlayheadMs: WritableAtom<number | null>;
  readonly context: EditorContext;
  /** Applies `action` with `args` to the current state. */
  run<A extends unknown[]>(action: EditorAction<A>, ...args: A): void;
  /** Runs a keyboard command (see shortcuts.ts). */
  command(command: EditorCommand): void;
}

export function createEditorStore(context: EditorContext, initial: EditDocument): EditorStore {
  const $state = atom(initialEditorState(initial));
  const $history = computed($state, (state) => state.history);
  return {
    $state,
    $document: computed($history, (history) => history.present),
    $canUndo: computed($history, canUndo),
    $canRedo: computed($history, canRedo),
    $livePlayheadMs: atom<number | null>(null),
    context,
    run(action, ...args) {
      $state.set(action($state.get(), context, ...args));
    },
    command(command) {
      $state.set(runCommand($state.get(), context, command));
    },
  };
}
