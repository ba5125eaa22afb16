import { useStore } from '@nanostores/react';
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
import {
  $exportFormat,
  $exportFrameRate,
  $exportMultiplier,
  $exportQuality,
  $exportWorkerLimit,
} from '../preferences/preferences';
import { poolSize } from '../workers/worker-pool';

/** The export's choices (format, quality, size, frame rate, painting workers), stored as preferences. */
export function ExportOptionsFields({
  disabled,
  limits,
  allowed,
}: {
  readonly disabled: boolean;
  readonly limits: PlanLimits;
  readonly allowed: { readonly multiplier: ExportMultiplier; readonly frameRate: ExportFrameRate };
}) {
  const format = useStore($exportFormat);
  const quality = useStore($exportQuality);
  const workerLimit = useStore($exportWorkerLimit);
  const cores = poolSize();
  return (
    <fieldset disabled={disabled} className="export-options">
      <label className="field">
        <span>Format</span>
        <select value={format} onChange={(e) => $exportFormat.set(e.target.value as ExportOptions['format'])}>
          {ALL_EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {{ mp4: 'MP4 (H.264)', webm: 'WebM (VP9)', gif: 'GIF' }[f]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Quality</span>
        <select value={quality} onChange={(e) => $exportQuality.set(e.target.value as ExportOptions['quality'])}>
          {ALL_QUALITY_PRESETS.map((q) => (
            <option key={q} value={q} title={QUALITY_LEVEL_HINTS[EXPORT_QUALITY_LEVELS[q]]}>
              {qualityName(q)}
            </option>
          ))}
        </select>
      </label>
      <div className="field" role="radiogroup" aria-label="Size">
        <span>Size</span>
        {ALL_EXPORT_MULTIPLIERS.map((m) => {
          const locked = !limits.multipliers.includes(m);
          return (
            <label key={m} className={locked ? 'locked' : ''}>
              <input
                type="radio"
                name="multiplier"
                checked={allowed.multiplier === m}
                disabled={locked}
                onChange={() => $exportMultiplier.set(m)}
              />
              {m}x{locked ? ' (Pro)' : ''}
            </label>
          );
        })}
      </div>
      <div className="field" role="radiogroup" aria-label="Frame rate">
        <span>Frame rate</span>
        {ALL_EXPORT_FRAME_RATES.map((r) => {
          const locked = r > limits.maxFrameRate;
          return (
            <label key={r} className={locked ? 'locked' : ''}>
              <input
                type="radio"
                name="frame-rate"
                checked={allowed.frameRate === r}
                disabled={locked}
                onChange={() => $exportFrameRate.set(r)}
              />
              {r} fps{locked ? ' (Pro)' : ''}
            </label>
          );
        })}
      </div>
      {format !== 'gif' && cores > 1 && (
        <label className="field" title="Fewer workers leave more of this computer free while exporting.">
          <span>Painting workers</span>
          <select value={workerLimit} onChange={(e) => $exportWorkerLimit.set(Number(e.target.value))}>
            <option value={0}>One per core ({cores})</option>
            {Array.from({ length: cores - 1 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
