// The export's options, declared once: what each is called, the values it takes, its first choice, which values
// only Pro exports with and how each value is shown. The export dialog draws its controls from this table, the
// stored choice's schema (export-options-schema.ts) and defaults come from it, and the plan rules (shared/plans)
// read its Pro values; a new option is a row here and the code that uses it. Zod-free: the export worker reads it.
import { listed } from '../data/words';
import { QUALITY_LEVEL_HINTS, QUALITY_LEVEL_NAMES, type QualityLevel } from '../quality/quality-names';
import {
  ALL_EXPORT_FORMATS,
  ALL_EXPORT_FRAME_RATES,
  ALL_EXPORT_RESOLUTIONS,
  ALL_QUALITY_PRESETS,
  type ExportFormat,
  type ExportResolution,
  type QualityPreset,
} from './export-enumerations';
import { EXPORT_RESOLUTIONS } from './export-resolutions';
import { MAX_PAINTING_WORKERS } from './painting-workers';

/** How the dialog shows one value: its words, and more on hover. */
export interface ExportChoice {
  readonly label: string;
  readonly hint?: string;
}

/** One export option. */
export interface ExportOptionDescriptor<V extends string | number> {
  /** Its name in the dialog, in a buyer's words. */
  readonly label: string;
  /** Its values in the order the dialog shows them, from least to most. */
  readonly values: readonly V[];
  /** The first choice. */
  readonly initial: V;
  /** Values only Pro exports with: on free, the nearest value before one of them in `values` is used instead. */
  readonly proOnly: readonly V[];
  readonly choice: (value: V) => ExportChoice;
  /** What a locked value says on hover. */
  readonly lockedHint?: (value: V) => string;
  /** The chosen value's hint is written under the control. */
  readonly hintBelow?: boolean;
  /** A sentence written under the control, whatever is chosen. */
  readonly note?: string;
  /** Shown under "Advanced" (a setting few buyers need). */
  readonly advanced?: boolean;
  /** Offered only for some formats (absent: all). */
  readonly formats?: readonly ExportFormat[];
  /** Whether a value is offered on a computer with `cores` cores (absent: every value, everywhere). */
  readonly offeredWith?: (value: V, machine: { readonly cores: number }) => boolean;
}

/** Each format's name, and what it is for in a buyer's words. */
const FORMATS: Readonly<Record<ExportFormat, ExportChoice>> = {
  mp4: { label: 'MP4', hint: 'H.264 video: plays everywhere' },
  webm: { label: 'WebM', hint: 'VP9 video: smaller files, for the web' },
  gif: { label: 'GIF', hint: 'A silent loop, for docs and chats' },
};

/** The level of each export preset on the quality ladder buyers read (the extension's recordings use it too). */
export const EXPORT_QUALITY_LEVELS: Readonly<Record<QualityPreset, QualityLevel>> = {
  low: 'compact',
  medium: 'standard',
  high: 'high',
  best: 'maximum',
};

const PRO_RESOLUTIONS: readonly ExportResolution[] = ['1440p', '4k'];

/** Painting workers: 0 is Automatic, else that many (the dialog offers up to this computer's cores). */
const PAINTING_WORKER_COUNTS = Array.from({ length: MAX_PAINTING_WORKERS + 1 }, (_, n) => n);

const descriptor = <V extends string | number>(row: ExportOptionDescriptor<V>) => row;

/** Every export option, in the dialog's order. */
export const EXPORT_OPTION_TABLE = {
  format: descriptor({
    label: 'Format',
    values: ALL_EXPORT_FORMATS,
    initial: 'mp4',
    proOnly: [],
    choice: (format) => FORMATS[format],
    hintBelow: true,
  }),
  quality: descriptor({
    label: 'Quality',
    values: ALL_QUALITY_PRESETS,
    initial: 'high',
    proOnly: [],
    choice: (quality) => ({
      label: QUALITY_LEVEL_NAMES[EXPORT_QUALITY_LEVELS[quality]],
      hint: QUALITY_LEVEL_HINTS[EXPORT_QUALITY_LEVELS[quality]],
    }),
    hintBelow: true,
  }),
  resolution: descriptor({
    label: 'Size',
    values: ALL_EXPORT_RESOLUTIONS,
    initial: '1080p',
    proOnly: PRO_RESOLUTIONS,
    choice: (resolution) => ({
      label: EXPORT_RESOLUTIONS[resolution].label,
      hint:
        resolution === 'source' ? 'The recording’s own pixels, one for one inside the padding and frame' : undefined,
    }),
    lockedHint: () => `Pro exports in ${listed(PRO_RESOLUTIONS.map((r) => EXPORT_RESOLUTIONS[r].label))}`,
  }),
  frameRate: descriptor({
    label: 'Frame rate',
    values: ALL_EXPORT_FRAME_RATES,
    initial: 30,
    proOnly: [60],
    choice: (rate) => ({ label: `${rate} fps` }),
    lockedHint: (rate) => `Pro exports at ${rate} fps`,
  }),
  paintingWorkers: descriptor({
    label: 'Painting workers',
    values: PAINTING_WORKER_COUNTS,
    initial: 0,
    proOnly: [],
    choice: (n) =>
      n === 0
        ? {
            label: 'Automatic',
            hint: 'One, and more only where this computer’s first frames show they make the export faster',
          }
        : { label: String(n), hint: `${n} at once, each with its own memory` },
    note: 'Automatic adds a worker only where it makes the export faster; each one takes more memory.',
    advanced: true,
    formats: ['mp4', 'webm'],
    // Up to the cores; on one core nothing to choose (Automatic is one worker there).
    offeredWith: (n, { cores }) => n === 0 || (cores > 1 && n <= cores),
  }),
} as const;

export type ExportOptionName = keyof typeof EXPORT_OPTION_TABLE;
export const ALL_EXPORT_OPTION_NAMES = Object.keys(EXPORT_OPTION_TABLE) as ExportOptionName[];

/** The values of option `name`. */
export type ExportOptionValue<N extends ExportOptionName> = (typeof EXPORT_OPTION_TABLE)[N]['values'][number];

/** What the user asked for in the export dialog: one value of each option. */
export type ExportOptions = { readonly [N in ExportOptionName]: ExportOptionValue<N> };

/** The options that shape the file an export writes (the others, painting workers, shape only how it is made). */
export type ExportFileOptions = Omit<ExportOptions, 'paintingWorkers'>;

/** The export dialog's first choice. */
export const DEFAULT_EXPORT_OPTIONS = Object.fromEntries(
  ALL_EXPORT_OPTION_NAMES.map((name) => [name, EXPORT_OPTION_TABLE[name].initial]),
) as ExportOptions;

/** `value` if `allowed` takes it, else the nearest value before it in `values` that it takes; null: none. */
export function nearestAllowed<V>(values: readonly V[], value: V, allowed: (value: V) => boolean): V | null {
  if (allowed(value)) return value;
  return values.slice(0, values.indexOf(value)).filter(allowed).at(-1) ?? null;
}

/** Option `name`'s row, typed by its values (an indexed row's type is the union of all rows'). */
export function exportOption<N extends ExportOptionName>(name: N): ExportOptionDescriptor<ExportOptionValue<N>> {
  return EXPORT_OPTION_TABLE[name] as unknown as ExportOptionDescriptor<ExportOptionValue<N>>;
}
