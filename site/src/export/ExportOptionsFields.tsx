import { Lock } from 'lucide-react';
import {
  ALL_EXPORT_OPTION_NAMES,
  type ExportOptionName,
  type ExportOptions,
  type ExportOptionValue,
  exportOption,
  nearestAllowed,
} from '../../../shared/export/export-option-table';
import { allowsOption, type Plan } from '../../../shared/plans/plans';
import { SegmentedControl } from '../../../shared/ui';
import { chooseExportOption } from '../preferences/preferences';
import { poolSize } from '../workers/worker-pool';

const LOCK = <Lock />;

/** Small words under a value's name, per option (a size's pixels: "1920×1080"). */
export type ExportOptionDetails = { readonly [N in ExportOptionName]?: (value: ExportOptionValue<N>) => string };

/** How an option's control is laid out beside the others (absent: a row of its own). */
const LAYOUT: Partial<Record<ExportOptionName, string>> = {
  resolution: 'export-option-size',
  frameRate: 'export-option-pair',
};

/** The values of an option this computer can use (painting workers: up to its cores). */
function offeredValues<N extends ExportOptionName>(name: N): readonly ExportOptionValue<N>[] {
  const { values, offeredWith } = exportOption(name);
  const machine = { cores: poolSize() };
  return offeredWith ? values.filter((v) => offeredWith(v, machine)) : values;
}

/** One option's control, from its row in the option table, with its Pro values locked on free. */
function ExportOptionField<N extends ExportOptionName>({
  name,
  value,
  plan,
  disabled,
  detail,
}: {
  readonly name: N;
  readonly value: ExportOptionValue<N>;
  readonly plan: Plan;
  readonly disabled: boolean;
  readonly detail?: (value: ExportOptionValue<N>) => string;
}) {
  const row = exportOption(name);
  const offered = offeredValues(name);
  // The value shown as chosen: the one asked, or the nearest offered one before it.
  const shown = nearestAllowed(row.values, value, (v) => offered.includes(v)) ?? offered[0] ?? value;
  // An option with Pro values names each one: a locked value reads "(Pro)", the others plainly (with their pixels).
  const named = row.proOnly.length > 0 || detail !== undefined;
  return (
    <div className={LAYOUT[name] ?? 'export-option'} data-option={name}>
      <SegmentedControl
        label={row.label}
        value={String(shown)}
        disabled={disabled}
        onChange={(text) => {
          const next = offered.find((v) => String(v) === text);
          if (next !== undefined) chooseExportOption(name, next);
        }}
        options={offered.map((v) => {
          const locked = !allowsOption(plan, name, v);
          const { label, hint } = row.choice(v);
          const pixels = detail?.(v);
          return {
            value: String(v),
            label,
            detail: pixels,
            icon: locked ? LOCK : undefined,
            name: named ? (locked ? `${label} (Pro)` : pixels ? `${label} (${pixels})` : label) : undefined,
            hint: locked ? row.lockedHint?.(v) : hint,
            disabled: locked,
          };
        })}
      />
      {row.hintBelow && <p className="cr-hint export-option-hint">{row.choice(shown).hint}.</p>}
      {row.note && <p className="cr-hint">{row.note}</p>}
    </div>
  );
}

/**
 * The export's choices, one control per row of the option table (format, quality, size, frame rate, and under
 * Advanced the painting workers), stored as one preference. `options` are the plan's (a locked value asked shows as
 * the one used).
 */
export function ExportOptionsFields({
  disabled,
  plan,
  options,
  details,
}: {
  readonly disabled: boolean;
  readonly plan: Plan;
  readonly options: ExportOptions;
  readonly details: ExportOptionDetails;
}) {
  const offeredHere = (name: ExportOptionName) => {
    const { formats } = exportOption(name);
    return (!formats || formats.includes(options.format)) && offeredValues(name).length > 1;
  };
  const field = <N extends ExportOptionName>(name: N) => (
    <ExportOptionField
      key={name}
      name={name}
      value={options[name]}
      plan={plan}
      disabled={disabled}
      detail={details[name] as ((value: ExportOptionValue<N>) => string) | undefined}
    />
  );
  const shown = ALL_EXPORT_OPTION_NAMES.filter(offeredHere);
  const advanced = shown.filter((name) => exportOption(name).advanced);
  return (
    <div className="export-options">
      {shown.filter((name) => !exportOption(name).advanced).map(field)}
      {advanced.length > 0 && (
        <details className="export-advanced">
          <summary>Advanced</summary>
          {advanced.map(field)}
        </details>
      )}
    </div>
  );
}
