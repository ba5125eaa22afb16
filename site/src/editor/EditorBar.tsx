import { ArrowLeft, Download, Ellipsis, FolderOpen, Keyboard, Library, Redo2, Undo2 } from 'lucide-react';
import { Button, IconButton, Menu } from '../../../shared/ui';
import type { SaveState } from './autosave';
import { redoEdit, setExportOpen, setHelpOpen, undoEdit } from './state/editor-state';
import type { EditorStore } from './state/editor-store';

interface EditorBarProps {
  readonly editor: EditorStore;
  /** The recording's name, the page's heading. */
  readonly name: string;
  readonly saveState: SaveState;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Whether the keyboard shortcuts are shown (the Shortcuts button shows and hides them). */
  readonly helpOpen: boolean;
  /** Opens the file picker for another video (offered in the menu when given). */
  readonly onOpenAnother?: () => void;
}

/**
 * The editor's app bar: back to the library, the recording's name and whether its edits are saved, undo and redo,
 * the keyboard shortcuts, a menu of more, and Export.
 */
export function EditorBar({ editor, name, saveState, canUndo, canRedo, helpOpen, onOpenAnother }: EditorBarProps) {
  return (
    <header className="editor-bar">
      <a className="editor-back" href="/recordings" aria-label="Back to your recordings" title="Your recordings">
        <ArrowLeft aria-hidden="true" />
      </a>
      <div className="editor-heading">
        <h1 className="editor-title">{name}</h1>
        <span className="save-state" data-save-state={saveState}>
          {{ saved: 'All changes saved', saving: 'Saving…', failed: 'Could not save your edits' }[saveState]}
        </span>
      </div>
      <div className="editor-actions">
        <IconButton
          label="Undo"
          shortcut="Ctrl+Z"
          icon={<Undo2 />}
          onClick={() => editor.run(undoEdit)}
          disabled={!canUndo}
        />
        <IconButton
          label="Redo"
          shortcut="Ctrl+Shift+Z"
          icon={<Redo2 />}
          onClick={() => editor.run(redoEdit)}
          disabled={!canRedo}
        />
        <Button
          tone="ghost"
          icon={<Keyboard />}
          onClick={() => editor.run(setHelpOpen, !helpOpen)}
          aria-expanded={helpOpen}
        >
          Shortcuts
        </Button>
        <Menu
          trigger={<IconButton label="More" icon={<Ellipsis />} />}
          items={[
            ...(onOpenAnother ? [{ label: 'Open another video…', icon: <FolderOpen />, onSelect: onOpenAnother }] : []),
            { label: 'Your recordings', icon: <Library />, onSelect: () => window.location.assign('/recordings') },
          ]}
        />
        <Button tone="primary" icon={<Download />} onClick={() => editor.run(setExportOpen, true)}>
          Export
        </Button>
      </div>
    </header>
  );
}
