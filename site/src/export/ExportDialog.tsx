import { useStore } from '@nanostores/react';
import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  type ExportResolution,
  GIF_MAX_FRAME_RATE,
  GIF_MAX_WIDTH,
  gifOutput,
} from '../../../shared/export/export-options';
import type { ExportDialogProps } from '../../../shared/export/export-request';
import { EXPORT_RESOLUTIONS } from '../../../shared/export/export-resolutions';
import { exportFileName } from '../../../shared/export/file-name';
import { timeLeftLabel } from '../../../shared/export/progress';
import { allowsResolution, applyPlanToExport, planLimits } from '../../../shared/plans/plans';
import { compositionFor } from '../../../shared/render/composition';
import { exportSize } from '../../../shared/render/output-size';
import { Button, Dialog } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import { $exportCount, $exportOptions } from '../preferences/preferences';
import { markActivity } from '../pwa/page-activity';
import { poolSize } from '../workers/worker-pool';
import { browserEncodesAac } from './audio-support';
import { ExportDoneActions, ExportDonePlayer } from './ExportDone';
import { ExportOptionsFields } from './ExportOptionsFields';
import { type RunningExport, startExport } from './export-client';
import { chooseDestination, type SaveFilePicker } from './export-destination';
import { audioLine, sizeReason, sizeText } from './export-dialog-words';
import { ExportCancelledError } from './export-errors';
import { downloadPrivateExport, newPrivateExport, sweepPrivateExports } from './private-exports';
import './export-dialog.css';

type ExportState =
  | { readonly phase: 'idle' }
  /** Another export of this browser runs (this tab or another): this one starts when it ends. */
  | { readonly phase: 'waiting' }
  | { readonly phase: 'running'; readonly done: number; readonly total: number; readonly startedAt: number }
  | {
      readonly phase: 'done';
      readonly fileName: string;
      /** Saved where the user chose, or handed to the browser's downloads. */
      readonly savedTo: 'picked' | 'downloads';
      readonly size: number;
      /** Frames the export had to hold beyond the recording's own still moments: frames it could not read. */
      readonly missingFrames: number;
      /** Why the frames were painted the slow way (Canvas 2D), when the planar painter failed. */
      readonly painterFallback: string | null;
      /** The finished file, to play here (read from where it was saved). */
      readonly file: File | null;
    }
  | { readonly phase: 'cancelled' }
  | { readonly phase: 'failed'; readonly message: string };

/** Choose format, quality, size and frame rate; render in a worker with progress, time left and cancel; save. */
export function ExportDialog({ recording, video, webcam, userImages, document, onClose }: ExportDialogProps) {
  const plan = useStore($plan);
  const asked = useStore($exportOptions);
  const exportCount = useStore($exportCount);
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  // Whether an MP4's sound will be AAC or MP3: asked of the browser's encoders once, as the export will.
  const [encodesAac, setEncodesAac] = useState<boolean | null>(null);
  useEffect(() => {
    void browserEncodesAac().then(setEncodesAac);
  }, []);
  const running = useRef<RunningExport | null>(null);
  // Temporary files of exports this browser left behind (a tab closed mid-export) go when the dialog opens; an
  // export never outlives its dialog (another recording opened): nothing is saved later.
  useEffect(() => {
    void sweepPrivateExports().catch(() => undefined);
    return () => running.current?.cancel();
  }, []);

  // What is exported: the choice with the plan's rules applied (60 fps asked on free exports 30).
  const { watermark, maxHeight, ...options } = applyPlanToExport(asked, plan);
  const { format } = options;
  const size = exportSize(recording.video, document.settings, options.resolution, maxHeight);
  const shownSize =
    format === 'gif'
      ? gifOutput(size.width, size.height, options.frameRate)
      : { ...size, frameRate: options.frameRate };

  async function begin() {
    const suggestedName = exportFileName(recording.name, format);
    // First, while the click still counts as the user's: the browser's save dialog needs it.
    let destination: Awaited<ReturnType<typeof chooseDestination>>;
    try {
      destination = await chooseDestination(
        suggestedName,
        format,
        window as unknown as { showSaveFilePicker?: SaveFilePicker },
        () => newPrivateExport(format),
      );
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (!destination) return; // The save dialog was closed: nothing to export.
    const fileName = destination.kind === 'picked' ? destination.handle.name : suggestedName;
    // The time left is reckoned from when the export got its turn, not from a wait for another export.
    let startedAt = performance.now();
    let waited = false;
    setState({ phase: 'running', done: 0, total: 1, startedAt });
    const job = startExport(
      {
        destination,
        video,
        webcam,
        composition: compositionFor(recording, document, plan, userImages),
        options,
        width: size.width,
        height: size.height,
        // 0: Automatic, the export decides (shared/export/painting-workers.ts).
        workers: options.paintingWorkers === 0 ? 0 : poolSize(options.paintingWorkers),
      },
      {
        onProgress: (progress) => {
          if (waited) [startedAt, waited] = [performance.now(), false];
          setState({ phase: 'running', done: progress.framesDone, total: progress.framesTotal, startedAt });
        },
        onWaiting: () => {
          waited = true;
          setState({ phase: 'waiting' });
        },
      },
    );
    running.current = job;
    markActivity('exporting', true);
    try {
      const result = await job.result;
      // A private file goes to the downloads straight from the disk.
      const file =
        destination.kind === 'private'
          ? await downloadPrivateExport(destination.name, fileName)
          : await destination.handle.getFile().catch(() => null);
      $exportCount.set($exportCount.get() + 1);
      setState({
        phase: 'done',
        fileName,
        savedTo: destination.kind === 'picked' ? 'picked' : 'downloads',
        size: result.size,
        missingFrames: Math.max(0, result.heldFrames - result.sourceHeldFrames),
        painterFallback: result.painterFallback,
        file,
      });
    } catch (error) {
      if (error instanceof ExportCancelledError) setState({ phase: 'cancelled' });
      else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      running.current = null;
      markActivity('exporting', false);
    }
  }

  const busy = state.phase === 'running' || state.phase === 'waiting';
  const sizeOf = (r: ExportResolution) => {
    const cap = allowsResolution(plan, r) ? maxHeight : planLimits('pro').maxHeight;
    const at = exportSize(recording.video, document.settings, r, cap);
    return format === 'gif' ? sizeText(gifOutput(at.width, at.height, options.frameRate)) : sizeText(at);
  };
  return (
    <Dialog
      title="Export"
      wide
      dismissible={!busy}
      onClose={onClose}
      attributes={{ 'data-export-state': state.phase }}
      footer={
        busy ? (
          <Button icon={<X />} onClick={() => running.current?.cancel()}>
            Cancel export
          </Button>
        ) : state.phase === 'done' ? (
          <ExportDoneActions onAgain={() => setState({ phase: 'idle' })} onClose={onClose} />
        ) : (
          <Button tone="primary" icon={<Download />} onClick={() => void begin()}>
            Export {format.toUpperCase()}
          </Button>
        )
      }
    >
      {/* Once done, the result takes the options' place ("Export again" brings them back), so its player and
          actions fit a laptop's window. */}
      {state.phase !== 'done' && (
        <ExportOptionsFields disabled={busy} plan={plan} options={options} details={{ resolution: sizeOf }} />
      )}
      <div className="export-summary-box">
        <p className="export-summary" data-testid="export-size">
          {format === 'gif' ? 'GIF' : EXPORT_RESOLUTIONS[options.resolution].label}{' '}
          <span className="export-summary-pixels">{sizeText(shownSize)}</span>
          {`, ${shownSize.frameRate} fps`}
        </p>
        {watermark && <p className="export-watermark">With a small watermark: Pro removes it.</p>}
        <p className="export-audio" data-testid="export-audio">
          {audioLine(format, encodesAac, recording.audio.tab || recording.audio.microphone)}
        </p>
        <p className="export-size-reason" data-testid="export-size-reason">
          {format === 'gif'
            ? `GIFs are at most ${GIF_MAX_WIDTH} px wide and ${GIF_MAX_FRAME_RATE} fps.`
            : sizeReason(size, recording.video, options.resolution, maxHeight, plan === 'free')}
        </p>
      </div>

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
    </Dialog>
  );
}
