import { useStore } from '@nanostores/react';
import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AUDIO_CODEC_NAMES, exportAudioCodec } from '../../../shared/export/codecs';
import {
  type ExportMultiplier,
  type ExportOptions,
  GIF_MAX_FRAME_RATE,
  GIF_MAX_WIDTH,
  gifOutput,
} from '../../../shared/export/export-options';
import type { ExportDialogProps } from '../../../shared/export/export-request';
import { exportFileName } from '../../../shared/export/file-name';
import { timeLeftLabel } from '../../../shared/export/progress';
import { applyPlanToExport, planLimits } from '../../../shared/plans/plans';
import { compositionFor } from '../../../shared/render/composition';
import { type ExportSize, exportSize } from '../../../shared/render/output-size';
import { Button, Dialog } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import {
  $exportCount,
  $exportFormat,
  $exportFrameRate,
  $exportMultiplier,
  $exportQuality,
  $exportWorkerLimit,
} from '../preferences/preferences';
import { markActivity } from '../pwa/page-activity';
import { poolSize } from '../workers/worker-pool';
import { browserEncodesAac } from './audio-support';
import { ExportOptionsFields } from './ExportOptionsFields';
import { type RunningExport, startExport } from './export-client';
import { chooseDestination, type SaveFilePicker } from './export-destination';
import { ExportCancelledError } from './export-errors';
import { downloadPrivateExport, newPrivateExport, sweepPrivateExports } from './private-exports';
import './export-dialog.css';

type ExportState =
  | { readonly phase: 'idle' }
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
    }
  | { readonly phase: 'cancelled' }
  | { readonly phase: 'failed'; readonly message: string };

/** Choose format, quality, size and frame rate; render in a worker with progress, time left and cancel; save. */
export function ExportDialog({ recording, video, webcam, userImages, document, onClose }: ExportDialogProps) {
  const plan = useStore($plan);
  const limits = planLimits(plan);
  const format = useStore($exportFormat);
  const quality = useStore($exportQuality);
  const multiplier = useStore($exportMultiplier);
  const frameRate = useStore($exportFrameRate);
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

  const allowed = applyPlanToExport({ format, quality, multiplier, frameRate } satisfies ExportOptions, plan);
  const size = exportSize(recording.video, document.settings, allowed.multiplier, allowed.maxHeight);
  const shownSize =
    format === 'gif'
      ? gifOutput(size.width, size.height, allowed.frameRate)
      : { ...size, frameRate: allowed.frameRate };

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
    const startedAt = performance.now();
    setState({ phase: 'running', done: 0, total: 1, startedAt });
    const limit = $exportWorkerLimit.get();
    const job = startExport(
      {
        destination,
        video,
        webcam,
        composition: compositionFor(recording, document, plan, userImages),
        options: { format, quality, multiplier: allowed.multiplier, frameRate: allowed.frameRate },
        width: size.width,
        height: size.height,
        workers: poolSize(limit === 0 ? null : limit),
      },
      {
        onProgress: (progress) =>
          setState({ phase: 'running', done: progress.framesDone, total: progress.framesTotal, startedAt }),
      },
    );
    running.current = job;
    markActivity('exporting', true);
    try {
      const result = await job.result;
      // A private file goes to the downloads straight from the disk.
      if (destination.kind === 'private') await downloadPrivateExport(destination.name, fileName);
      $exportCount.set($exportCount.get() + 1);
      setState({
        phase: 'done',
        fileName,
        savedTo: destination.kind === 'picked' ? 'picked' : 'downloads',
        size: result.size,
        missingFrames: Math.max(0, result.heldFrames - result.sourceHeldFrames),
        painterFallback: result.painterFallback,
      });
    } catch (error) {
      if (error instanceof ExportCancelledError) setState({ phase: 'cancelled' });
      else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      running.current = null;
      markActivity('exporting', false);
    }
  }

  const busy = state.phase === 'running';
  const sizeOf = (m: ExportMultiplier) => {
    const maxHeight = limits.multipliers.includes(m) ? allowed.maxHeight : planLimits('pro').maxHeight;
    const at = exportSize(recording.video, document.settings, m, maxHeight);
    return format === 'gif' ? sizeText(gifOutput(at.width, at.height, allowed.frameRate)) : sizeText(at);
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
        ) : (
          <Button tone="primary" icon={<Download />} onClick={() => void begin()}>
            Export {format.toUpperCase()}
          </Button>
        )
      }
    >
      <ExportOptionsFields disabled={busy} limits={limits} allowed={allowed} sizeOf={sizeOf} />
      <div className="export-summary-box">
        <p className="export-summary" data-testid="export-size">
          {shownSize.width}×{shownSize.height}
          {`, ${shownSize.frameRate} fps`}
          {limits.watermark ? ' · with watermark (Pro removes it)' : ''}
        </p>
        <p className="export-audio" data-testid="export-audio">
          {audioLine(format, encodesAac, recording.audio.tab || recording.audio.microphone)}
        </p>
        <p className="export-size-reason" data-testid="export-size-reason">
          {format === 'gif'
            ? `GIFs are at most ${GIF_MAX_WIDTH} px wide and ${GIF_MAX_FRAME_RATE} fps.`
            : sizeReason(size, recording.video, allowed.multiplier, allowed.maxHeight, plan === 'free')}
        </p>
      </div>

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

/** A picture's size as it reads: "1920×1080". */
function sizeText(size: { readonly width: number; readonly height: number }): string {
  return `${size.width}×${size.height}`;
}

/** Which sound the file will carry, in words: AAC or MP3 in an MP4 (both play everywhere), Opus in a WebM. */
function audioLine(format: ExportOptions['format'], encodesAac: boolean | null, hasSound: boolean): string {
  if (format === 'gif') return 'GIFs have no sound.';
  if (!hasSound) return 'The recording has no sound.';
  if (format === 'mp4' && encodesAac === null) return 'Sound: checking this browser’s encoders…';
  const codec = exportAudioCodec(format, encodesAac === true);
  if (codec === 'mp3') return 'Sound: MP3 (this browser cannot encode AAC); it plays in every player.';
  if (codec === 'aac') return 'Sound: AAC; it plays in every player.';
  return `Sound: ${AUDIO_CODEC_NAMES[codec ?? 'opus']}.`;
}

/** Why the export has its size, in a sentence: the recording's pixels kept, or the plan's cap. */
function sizeReason(
  size: ExportSize,
  source: { readonly width: number; readonly height: number },
  multiplier: number,
  maxHeight: number,
  free: boolean,
): string {
  const recorded = `${source.width}×${source.height}`;
  if (size.capped) {
    const percent = Math.floor(size.videoScale * 100);
    const upgrade = free ? ` on the free plan (Pro goes up to ${planLimits('pro').maxHeight}p)` : '';
    return `Capped at ${maxHeight}p${upgrade}: the ${recorded} recording is drawn at ${percent} % of its pixels.`;
  }
  if (size.width === source.width * multiplier && size.height === source.height * multiplier)
    return multiplier === 1 ? `The recording’s own size (${recorded}).` : `Twice the recording’s size (${recorded}).`;
  return multiplier === 1
    ? `Sized so the ${recorded} recording stays sharp, one pixel per recorded pixel, inside the padding and frame.`
    : `Sized so the ${recorded} recording is drawn at twice its pixels inside the padding and frame.`;
}
