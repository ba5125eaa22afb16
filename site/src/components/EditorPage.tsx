import { EditorApp } from '../editor/EditorApp';
import { ExportDialog } from '../export/ExportDialog';

/** /editor: the editor with the export's dialog plugged in (the one place both are imported). */
export function EditorPage() {
  return <EditorApp exportDialog={ExportDialog} />;
}
