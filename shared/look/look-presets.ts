import { z } from 'zod';
import { isRecord, withDefaults } from '../data/plain-objects';
import { type StoredFormat, upgradeStored } from '../data/stored-format';
import { FileError, StorageError } from '../errors/domain-errors';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings, renderSettingsSchema } from './render-settings';
import { settingsWithShutterBlur } from './render-settings-migration';

/** The settings a preset keeps: the whole look, camera and cursor; not the watermark, which the plan decides. */
export const presetSettingsSchema = renderSettingsSchema.omit({ watermark: true });

/** What a preset file lacking a setting gets for it. */
const { watermark: _plan, ...DEFAULT_PRESET_SETTINGS } = DEFAULT_RENDER_SETTINGS;

/** Longest preset name, in characters. */
export const PRESET_NAME_MAX_LENGTH = 60;
/** Largest preset file read (bytes): a file of a hundred presets is well under it. */
export const PRESET_FILE_MAX_BYTES = 1_000_000;
/** What a preset file says it is, so another JSON file is told apart from a damaged preset file. */
export const PRESET_FILE_FORMAT = 'clickreel-presets';
/** The preset file's format version; a newer one is refused with a message saying so. */
export const PRESET_FILE_VERSION = 2;
/** The preset file's versions (shared/data/stored-format.ts). 2: motion blur is a shutter. */
const PRESET_FILE: StoredFormat = {
  versionField: 'version',
  current: PRESET_FILE_VERSION,
  steps: { 1: (file) => ({ ...file, presets: presetsWithSettings(file.presets, settingsWithShutterBlur) }) },
};

/** `presets` (stored or received, any shape) with `change` applied to each one's settings. */
export function presetsWithSettings(presets: unknown, change: (settings: unknown) => unknown): unknown {
  if (!Array.isArray(presets)) return presets;
  return presets.map((entry) => (isRecord(entry) ? { ...entry, settings: change(entry.settings) } : entry));
}

/** A preset's name: trimmed, not empty, not too long. */
export const presetNameSchema = z
  .string()
  .trim()
  .min(1, 'a preset needs a name')
  .max(PRESET_NAME_MAX_LENGTH, `a preset name has at most ${PRESET_NAME_MAX_LENGTH} characters`);

/** A named look saved to use again. */
export const lookPresetSchema = z.object({
  id: z.string().min(1).max(100),
  name: presetNameSchema,
  settings: presetSettingsSchema,
});
/** A named look saved to use again. */
export type LookPreset = z.infer<typeof lookPresetSchema>;

/** A preset file: one or more presets, exported from this browser or another. */
export const presetFileSchema = z.object({
  format: z.literal(PRESET_FILE_FORMAT),
  version: z.literal(PRESET_FILE_VERSION),
  presets: z.array(lookPresetSchema).min(1, 'it holds no presets'),
});
export type PresetFile = z.infer<typeof presetFileSchema>;

/** A preset of `settings` as they are now. */
export function presetFromSettings(id: string, name: string, settings: RenderSettings): LookPreset {
  const { watermark: _plan, ...kept } = settings;
  return { id, name: checkedName(name), settings: kept };
}

/** `settings` with the preset's look, camera and cursor; the watermark stays as the plan set it. */
export function applyPreset(settings: RenderSettings, preset: LookPreset): RenderSettings {
  return { ...preset.settings, watermark: settings.watermark };
}

/** Whether `settings` look exactly as the preset makes them (the preset is the one in use). */
export function matchesPreset(settings: RenderSettings, preset: LookPreset): boolean {
  return sameSettings(applyPreset(settings, preset), settings);
}

/** Whether two settings (or parts of them) hold the same values, whatever their keys' order. */
export function sameSettings(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** The name trimmed; throws a StorageError ('no-name') when it is empty or too long. */
export function checkedName(name: string): string {
  const parsed = presetNameSchema.safeParse(name);
  if (!parsed.success) throw new StorageError('no-name', `Choose another name: ${parsed.error.issues[0]?.message}.`);
  return parsed.data;
}

/** Throws a StorageError ('name-taken') when another preset than `exceptId` has this name (case and spaces aside). */
function checkNameFree(presets: readonly LookPreset[], name: string, exceptId: string | null): void {
  const taken = presets.find((p) => p.id !== exceptId && sameName(p.name, name));
  if (taken) {
    throw new StorageError('name-taken', `You already have a preset named “${taken.name}”: choose another name.`);
  }
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** The list with `preset` added at the end; its name must be free. */
export function addPreset(presets: readonly LookPreset[], preset: LookPreset): LookPreset[] {
  checkNameFree(presets, preset.name, null);
  return [...presets, preset];
}

/** The list with preset `id` renamed; the new name must be free. */
export function renamePreset(presets: readonly LookPreset[], id: string, name: string): LookPreset[] {
  const checked = checkedName(name);
  checkNameFree(presets, checked, id);
  return presets.map((p) => (p.id === id ? { ...p, name: checked } : p));
}

/** The list without preset `id`. */
export function deletePreset(presets: readonly LookPreset[], id: string): LookPreset[] {
  return presets.filter((p) => p.id !== id);
}

/** `name`, or `name (2)`, `name (3)`… : the first that no preset in `presets` has. */
export function freeName(presets: readonly LookPreset[], name: string): string {
  if (!presets.some((p) => sameName(p.name, name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, PRESET_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!presets.some((p) => sameName(p.name, candidate))) return candidate;
  }
}

/**
 * The list with a file's presets added: a preset already there unchanged (same id, name and settings) is not
 * added twice; one whose id or name is taken is added under a fresh id (`newId`) or a numbered name.
 */
export function importPresets(
  presets: readonly LookPreset[],
  imported: readonly LookPreset[],
  newId: () => string,
): { readonly presets: LookPreset[]; readonly added: LookPreset[] } {
  const list = [...presets];
  const added: LookPreset[] = [];
  for (const preset of imported) {
    const json = JSON.stringify(canonical(preset));
    if (list.some((p) => JSON.stringify(canonical(p)) === json)) continue;
    const id = list.some((p) => p.id === preset.id) ? newId() : preset.id;
    const copy = { ...preset, id, name: freeName(list, preset.name) };
    list.push(copy);
    added.push(copy);
  }
  return { presets: list, added };
}

/** The JSON text of a preset file holding `presets`. */
export function presetFileText(presets: readonly LookPreset[]): string {
  const file: PresetFile = { format: PRESET_FILE_FORMAT, version: PRESET_FILE_VERSION, presets: [...presets] };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Where in the file an issue is, in words: `preset 1 (“Demo”), settings.padding`. */
function issuePlace(path: readonly PropertyKey[], data: unknown): string {
  if (path[0] !== 'presets' || typeof path[1] !== 'number') return path.map(String).join('.') || 'the file';
  const entry = isRecord(data) && Array.isArray(data.presets) ? data.presets[path[1]] : undefined;
  const name = isRecord(entry) && typeof entry.name === 'string' ? ` (“${entry.name.slice(0, 40)}”)` : '';
  const rest = path.slice(2).map(String).join('.');
  return `preset ${path[1] + 1}${name}${rest ? `, ${rest}` : ''}`;
}

/** A preset as stored or received (its store brought it up to date), a setting it lacks filled with its default. */
function withDefaultSettings(entry: unknown): unknown {
  return isRecord(entry) ? { ...entry, settings: withDefaults(DEFAULT_PRESET_SETTINGS, entry.settings ?? {}) } : entry;
}

/**
 * The presets this browser stored: those saved before a setting existed get its default, and one that is damaged
 * is left out rather than costing the others.
 */
export function readStoredPresets(data: unknown): LookPreset[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => {
    const parsed = lookPresetSchema.safeParse(withDefaultSettings(entry));
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Reads the text of a preset file: JSON, of this format and version, each preset valid. A setting a file lacks
 * (made before that setting existed) takes its default. Throws a FileError (not-a-preset) naming the first problem.
 */
export function parsePresetFile(text: string): LookPreset[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FileError('not-a-preset', 'it is not JSON (it may be cut short or not a preset file).');
  }
  if (!isRecord(data) || data.format !== PRESET_FILE_FORMAT)
    throw new FileError('not-a-preset', 'it is not a Clickreel preset file.');
  const upgraded = upgradeStored(PRESET_FILE, data);
  if (!upgraded.ok)
    throw new FileError(
      'not-a-preset',
      `it was made by a newer version of Clickreel (preset format ${upgraded.newer}); update Clickreel to import it.`,
    );
  const current = upgraded.data as Record<string, unknown>;
  const filled = {
    ...current,
    presets: Array.isArray(current.presets) ? current.presets.map(withDefaultSettings) : current.presets,
  };
  const parsed = presetFileSchema.safeParse(filled);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FileError(
      'not-a-preset',
      `it is damaged: ${issue ? `${issuePlace(issue.path, data)}: ${issue.message}` : 'it cannot be read'}.`,
    );
  }
  const ids = new Set<string>();
  for (const preset of parsed.data.presets) {
    if (ids.has(preset.id))
      throw new FileError('not-a-preset', `it is damaged: two presets have the id “${preset.id}”.`);
    ids.add(preset.id);
  }
  return parsed.data.presets;
}
