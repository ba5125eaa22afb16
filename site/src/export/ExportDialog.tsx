import { useStore } from '@nanostores/react';
import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type ExportFileOptions,
  type ExportResolution,
  GIF_MAX_FRAME_RATE,
  GIF_MAX_WIDTH,
  gifOutput,
} from '../../../shared/export/export-options';
import type { ExportDialogProps } from '../../../shared/export/export-request';
import { EXPORT_RESOLUTIONS } from '../../../shared/export/export-resolutions';
import { exportFileName } from '../../../shared/export/file-name';
import { allowsResolution, applyPlanToExport, planLimits } from '../../../shared/plans/plans';
import { compositionFor } from '../../../shared/render/composition';
import { type ExportSize, exportSize } from '../../../shared/render/output-size';
import { Button, Dialog } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import { $exportCount, $exportOptions } from '../preferences/preferences';
import { poolSize } from '../workers/worker-pool';
import { browserEncodesAac } from './audio-support';
import { ExportDoneActions } from './ExportDone';
import { ExportOptionsFields } from './ExportOptionsFields';
import { ExportStatus } from './ExportStatus';
import { audioLine, sizeReason, sizeText } from './export-dialog-words';
import { type ExportWork, useExportRun } from './export-run';
import './export-dialog.css';

/** What will be exported: its size and rate, the watermark, the sound, and why the size is what it is. */
function ExportSummary({
  recording,
  options,
  size,
  maxHeight,
  free,
  watermark,
}: {
  readonly recording: ExportDialogProps['recording'];
  readonly options: ExportFileOptions;
  readonly size: ExportSize;
  readonly maxHeight: number;
  readonly free: boolean;
  readonly watermark: boolean;
}) {
  const { format } = options;
  // Whether an MP4's sound will be AAC or MP3: asked of the browser's encoders once, as the export will.
  const [encodesAac, setEncodesAac] = useState<boolean | null>(null);
  useEffect(() => {
    void browserEncodesAac().then(setEncodesAac);
  }, []);
  const shownSize =
    format === 'gif'
      ? gifOutput(size.width, size.height, options.frameRate)
      : { ...size, frameRate: options.frameRate };
  return (
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
          : sizeReason(size, recording.video, options.resolution, maxHeight, free)}
      </p>
    </div>
  );
}

/** Choose format, quality, size and frame rate; render in a worker with progress, time left and cancel; save. */
export function ExportDialog({ recording, video, webcam, userImages, document, onClose }: ExportDialogProps) {
  const plan = useStore($plan);
  const asked = useStore($exportOptions);
  const exportCount = useStore($exportCount);
  const { state, begin, cancel, again } = useExportRun();

  // What is exported: the choice with the plan's rules applied (60 fps asked on free exports 30).
  const { watermark, maxHeight, ...options } = applyPlanToExport(asked, plan);
  const { format } = options;
  const size = exportSize(recording.video, document.settings, options.resolution, maxHeight);

  // The job is made once the destination is chosen (after the save dialog, which needs the click first).
  const work = (): ExportWork => ({
    video,
    webcam,
    composition: compositionFor(recording, document, plan, userImages),
    options,
    width: size.width,
    height: size.height,
    // 0: Automatic, the export decides (shared/export/painting-workers.ts).
    workers: options.paintingWorkers === 0 ? 0 : poolSize(options.paintingWorkers),
  });

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
          <Button icon={<X />} onClick={cancel}>
            Cancel export
          </Button>
        ) : state.phase === 'done' ? (
          <ExportDoneActions onAgain={again} onClose={onClose} />
        ) : (
          <Button
            tone="primary"
            icon={<Download />}
            onClick={() => void begin(exportFileName(recording.name, format), format, work)}
          >
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
      <ExportSummary
        recording={recording}
        options={options}
        size={size}
        maxHeight={maxHeight}
        free={plan === 'free'}
        watermark={watermark}
      />

      <ExportStatus state={state} exportCount={exportCount} />
    </Dialog>
  );
}
