import { useStore } from '@nanostores/react';
import { Lock } from 'lucide-react';
import {
  ALL_EXPORT_FORMATS,
  ALL_EXPORT_FRAME_RATES,
  ALL_EXPORT_RESOLUTIONS,
  ALL_QUALITY_PRESETS,
  type ExportFrameRate,
  type ExportOptions,
  type ExportResolution,
} from '../../../shared/export/export-options';
import { EXPORT_RESOLUTIONS } from '../../../shared/export/export-resolutions';
import { PRO_ONLY_SIZES } from '../../../shared/plans/plan-words';
import { allowsResolution, type Plan, planLimits } from '../../../shared/plans/plans';
import { EXPORT_QUALITY_LEVELS, QUALITY_LEVEL_HINTS, qualityName } from '../../../shared/quality/quality-names';
import { SegmentedControl } from '../../../shared/ui';
import {
  $exportFormat,
  $exportFrameRate,
  $exportQuality,
  $exportResolution,
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

/** The export's choices (format, quality, size, frame rate, and under Advanced the painting workers), stored as preferences. */
export function ExportOptionsFields({
  disabled,
  plan,
  allowed,
  sizeOf,
}: {
  readonly disabled: boolean;
  readonly plan: Plan;
  readonly allowed: { readonly resolution: ExportResolution; readonly frameRate: ExportFrameRate };
  /** The picture's pixels at each size ("1920×1080"), shown small beside its name. */
  readonly sizeOf: (resolution: ExportResolution) => string;
}) {
  const limits = planLimits(plan);
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
      <div className="export-option-size">
        <SegmentedControl
          label="Size"
          value={allowed.resolution}
          disabled={disabled}
          onChange={(next) => $exportResolution.set(next)}
          options={ALL_EXPORT_RESOLUTIONS.map((r) => {
            const locked = !allowsResolution(plan, r);
            const { label } = EXPORT_RESOLUTIONS[r];
            const size = sizeOf(r);
            return {
              value: r,
              label,
              detail: size,
              icon: locked ? LOCK : undefined,
              name: locked ? `${label} (Pro)` : `${label} (${size})`,
              hint: locked
                ? `Pro exports in ${PRO_ONLY_SIZES}`
                : r === 'source'
                  ? 'The recording’s own pixels, one for one inside the padding and frame'
                  : undefined,
              disabled: locked,
            };
          })}
        />
      </div>
      <div className="export-option-pair">
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
        <details className="export-advanced">
          <summary>Advanced</summary>
          <SegmentedControl
            label="Painting workers"
            value={String(workerLimit === 0 ? 0 : Math.min(workerLimit, cores))}
            disabled={disabled}
            onChange={(next) => $exportWorkerLimit.set(Number(next))}
            options={[0, ...Array.from({ length: cores }, (_, i) => i + 1)].map((n) => ({
              value: String(n),
              label: n === 0 ? 'Automatic' : String(n),
              hint:
                n === 0
                  ? 'One, and more only where this computer’s first frames show they make the export faster'
                  : `${n} at once, each with its own memory`,
            }))}
          />
          <p className="cr-hint">
            Automatic adds a worker only where it makes the export faster; each one takes more memory.
          </p>
        </details>
      )}
    </div>
  );
}
