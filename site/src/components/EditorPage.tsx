import { lazy, Suspense } from 'react';
import type { ExportDialogProps } from '../../../shared/export/export-request';
import { EditorApp } from '../editor/EditorApp';
import { confirmStopExports } from '../export/running-exports';

// The export's dialog (with the plan, the preferences and the export client) loads once the editor has painted a
// recording: an empty editor never loads it, and a recording's first frame does not wait for it. The exporter
// itself (export pipeline, worker, media library) loads only when an export starts.
const LazyExportDialog = lazy(() =>
  import('../export/ExportDialog').then((module) => ({ default: module.ExportDialog })),
);

function ExportDialog(props: ExportDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyExportDialog {...props} />
    </Suspense>
  );
}

/**
 * /editor: the editor with the export's dialog plugged in, and the export's question before another recording opens
 * mid-export (the one place both are imported).
 */
export function EditorPage() {
  return <EditorApp exportDialog={ExportDialog} confirmStopExports={confirmStopExports} />;
}
