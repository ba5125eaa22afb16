import { useStore } from '@nanostores/react';
import { Lock } from 'lucide-react';
import {
  ALL_EXPORT_FORMATS,
  ALL_EXPORT_FRAME_RATES,
  ALL_EXPORT_MULTIPLIERS,
  ALL_QUALITY_PRESETS,
  type ExportFrameRate,
  type ExportMultiplier,
  type ExportOptions,
} from '../../../shared/export/export-options';
import type { PlanLimits } from '../../../shared/plans/plans';
import { EXPORT_QUALITY_LEVELS, QUALITY_LEVEL_HINTS, qualityName } from '../../../shared/quality/quality-names';
import { SegmentedControl, Slider } from '../../../shared/ui';
import {
  $exportFormat,
  $exportFrameRate,
  $exportMultiplier,
  $exportQuality,
  $exportWorkerLimit,
} from '../preferences/preferences';
import { poolSize } from '../workers/worker-pool';

/** Each format's name, and what it is for in a buyer's words. */
const FORMATS: Readonly<Record<ExportOptions['format'], { readonly label: string; readonly hint: string }>> = {
  mp4: { label: 'MP4', hint: 'H.264 video: plays everywhere' },
  webm: { label: 'WebM', hint: 'VP9 video: smaller files, for the web' },
  gif: { label: 'GIF', hint: 'A silent loop, for docs and chats' },
};

const LOCK = <Lock />;

/** The export's choices (format, quality, size, frame rate, cores to use), stored as preferences. */
export function ExportOptionsFields({
  disabled,
  limits,
  allowed,
  sizeOf,
}: {
  readonly disabled: boolean;
  readonly limits: PlanLimits;
  readonly allowed: { readonly multiplier: ExportMultiplier; readonly frameRate: ExportFrameRate };
  /** The picture's size at each multiplier ("1920×1080"), shown beside it. */
  readonly sizeOf: (multiplier: ExportMultiplier) => string;
}) {
  const format = useStore($exportFormat);
  const quality = useStore($exportQuality);
  const workerLimit = useStore($exportWorkerLimit);
  const cores = poolSize();
  return (
    <div className="export-options">
      <SegmentedControl
        label="Format"
        value={format}
        disabled={disabled}
        onChange={(next) => $exportFormat.set(next)}
        options={ALL_EXPORT_FORMATS.map((f) => ({ value: f, label: FORMATS[f].label, hint: FORMATS[f].hint }))}
      />
      <p className="cr-hint export-option-hint">{FORMATS[format].hint}.</p>
      <SegmentedControl
        label="Quality"
        value={quality}
        disabled={disabled}
        onChange={(next) => $exportQuality.set(next)}
        options={ALL_QUALITY_PRESETS.map((q) => ({
          value: q,
          label: qualityName(q),
          hint: QUALITY_LEVEL_HINTS[EXPORT_QUALITY_LEVELS[q]],
        }))}
      />
      <p className="cr-hint export-option-hint">{QUALITY_LEVEL_HINTS[EXPORT_QUALITY_LEVELS[quality]]}.</p>
      <div className="export-option-pair">
        <SegmentedControl
          label="Size"
          value={String(allowed.multiplier)}
          disabled={disabled}
          onChange={(next) => $exportMultiplier.set(Number(next) as ExportMultiplier)}
          options={ALL_EXPORT_MULTIPLIERS.map((m) => {
            const locked = !limits.multipliers.includes(m);
            const size = sizeOf(m);
            return {
              value: String(m),
              label: `${m}× · ${size}`,
              icon: locked ? LOCK : undefined,
              name: locked ? `${m}x (Pro)` : `${m}x (${size})`,
              hint: locked
                ? 'Pro exports at twice the size'
                : m === 1
                  ? 'The recording’s own sharpness'
                  : 'Twice as sharp, for Retina screens',
              disabled: locked,
            };
          })}
        />
        <SegmentedControl
          label="Frame rate"
          value={String(allowed.frameRate)}
          disabled={disabled}
          onChange={(next) => $exportFrameRate.set(Number(next) as ExportFrameRate)}
          options={ALL_EXPORT_FRAME_RATES.map((r) => {
            const locked = r > limits.maxFrameRate;
            return {
              value: String(r),
              label: `${r} fps`,
              icon: locked ? LOCK : undefined,
              name: locked ? `${r} fps (Pro)` : `${r} fps`,
              hint: locked ? `Pro exports at ${r} fps` : undefined,
              disabled: locked,
            };
          })}
        />
      </div>
      {format !== 'gif' && cores > 1 && (
        <div className="export-option-cores">
          <Slider
            label="Processor cores to use"
            value={workerLimit === 0 ? cores : Math.min(workerLimit, cores)}
            min={1}
            max={cores}
            step={1}
            disabled={disabled}
            format={(n) => (n === cores ? `All ${cores}` : `${n} of ${cores}`)}
            onChange={(n) => $exportWorkerLimit.set(n === cores ? 0 : n)}
          />
          <p className="cr-hint">Fewer leave more of this computer free while exporting; all of them export fastest.</p>
        </div>
      )}
    </div>
  );
}
