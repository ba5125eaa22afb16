import { timeLeftLabel } from '../../../shared/export/progress';
import { ExportDonePlayer } from './ExportDone';
import type { ExportState } from './export-run';

/** What the dialog says of its export: waiting, its progress and time left, saved (or what went wrong). */
export function ExportStatus({ state, exportCount }: { readonly state: ExportState; readonly exportCount: number }) {
  return (
    <>
      {state.phase === 'waiting' && (
        <p role="status" className="export-message">
          Waiting for your other export to finish: this one starts right after it.
        </p>
      )}
      {state.phase === 'running' && (
        <div className="export-progress">
          <progress max={state.total} value={state.done} aria-label="Export progress" />
          <span>
            {Math.floor((state.done / state.total) * 100)}%{(() => {
              const left = timeLeftLabel(state.done, state.total, performance.now() - state.startedAt);
              return left ? ` · ${left} left` : '';
            })()}
          </span>
        </div>
      )}
      {state.phase === 'done' && <ExportDonePlayer fileName={state.fileName} file={state.file} />}
      {state.phase === 'done' && state.missingFrames === 0 && (
        <p role="status" className="export-message" data-tone="success">
          Saved “{state.fileName}” ({(state.size / 1_000_000).toFixed(1)} MB)
          {state.savedTo === 'downloads' ? ' to your downloads' : ''}. Exports so far: {exportCount}.
        </p>
      )}
      {state.phase === 'done' && state.missingFrames > 0 && (
        <p role="alert" className="export-message" data-tone="problem" data-missing-frames={state.missingFrames}>
          Exported “{state.fileName}” ({(state.size / 1_000_000).toFixed(1)} MB), but {state.missingFrames} frame
          {state.missingFrames === 1 ? '' : 's'} of the recording could not be read: the frame before each one is shown
          in its place. The recording file may be damaged.
        </p>
      )}
      {state.phase === 'done' && state.painterFallback && (
        <p className="export-note cr-hint" data-painter-fallback>
          Painted without the fast painter ({state.painterFallback}), so it took longer; the video is the same.
        </p>
      )}
      {state.phase === 'cancelled' && (
        <p role="status" className="export-message">
          Export cancelled.
        </p>
      )}
      {state.phase === 'failed' && (
        <p role="alert" className="export-message" data-tone="problem">
          Export failed: {state.message}
        </p>
      )}
    </>
  );
}
