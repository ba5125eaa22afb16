// The Presets section's state (the preset chosen, the form open under the list, the last message) and its edits.
import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { DomainError } from '../../../shared/errors/domain-error';
import { FileError } from '../../../shared/errors/domain-errors';
import { errorMessage } from '../../../shared/errors/error-message';
import {
  addPreset,
  deletePreset,
  importPresets,
  type LookPreset,
  matchesPreset,
  PRESET_FILE_MAX_BYTES,
  parsePresetFile,
  presetFromSettings,
  renamePreset,
} from '../../../shared/look/look-presets';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { $defaultPresetId, $presets } from '../preferences/presets';

/** What the section shows under the list: a name being typed, a delete being confirmed, or nothing. */
export type PresetForm =
  | { readonly kind: 'none' }
  | { readonly kind: 'save' | 'rename'; readonly name: string }
  | { readonly kind: 'delete' };

/** The last thing done, or what went wrong. */
export type PresetMessage = { readonly kind: 'done' | 'problem'; readonly text: string } | null;

/** Saves the presets in `file` that are not saved yet: those added (none when all were), and the names read. */
async function importPresetFile(
  file: File,
): Promise<{ readonly added: readonly LookPreset[]; readonly names: string }> {
  if (file.size > PRESET_FILE_MAX_BYTES) throw new FileError('not-a-preset', 'it is too large to be a preset file.');
  const read = parsePresetFile(await file.text());
  const result = importPresets($presets.get(), read, () => `preset-${crypto.randomUUID()}`);
  $presets.set(result.presets);
  return { added: result.added, names: read.map((p) => `“${p.name}”`).join(', ') };
}

/**
 * The saved presets, the one in use (matching `settings`), the one chosen (else the one in use, else the first), the
 * form and the message; and the edits: save or rename from the form, delete, import a file.
 */
export function usePresetsSection(settings: RenderSettings) {
  const presets = useStore($presets);
  const defaultId = useStore($defaultPresetId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [form, setForm] = useState<PresetForm>({ kind: 'none' });
  const [message, setMessage] = useState<PresetMessage>(null);

  const inUse = presets.find((preset) => matchesPreset(settings, preset)) ?? null;
  const chosen = presets.find((preset) => preset.id === chosenId) ?? inUse ?? presets[0] ?? null;

  /** Chooses preset `id`, closing the form that was open. */
  const choose = (id: string) => {
    setChosenId(id);
    setForm({ kind: 'none' });
  };
  const done = (text: string) => setMessage({ kind: 'done', text });
  const problem = (text: string) => setMessage({ kind: 'problem', text });

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    if (form.kind !== 'save' && form.kind !== 'rename') return;
    try {
      if (form.kind === 'save') {
        const preset = presetFromSettings(`preset-${crypto.randomUUID()}`, form.name, settings);
        $presets.set(addPreset(presets, preset));
        setChosenId(preset.id);
        done(`Saved “${preset.name}”.`);
      } else if (chosen) {
        const renamed = renamePreset(presets, chosen.id, form.name);
        $presets.set(renamed);
        done(`Renamed to “${renamed.find((p) => p.id === chosen.id)?.name}”.`);
      }
      setForm({ kind: 'none' });
    } catch (error) {
      problem(errorMessage(error));
    }
  };

  const remove = (preset: LookPreset) => {
    $presets.set(deletePreset(presets, preset.id));
    if (defaultId === preset.id) $defaultPresetId.set(null);
    setChosenId(null);
    setForm({ kind: 'none' });
    done(`Deleted “${preset.name}”.`);
  };

  const importFile = async (file: File) => {
    try {
      const { added, names } = await importPresetFile(file);
      if (added.length === 0) done(`You already have ${names}: nothing new to import.`);
      else {
        setChosenId(added[0]?.id ?? null);
        done(`Imported ${added.map((p) => `“${p.name}”`).join(', ')}.`);
      }
    } catch (error) {
      const reason = error instanceof DomainError ? error.message : `it could not be read (${errorMessage(error)}).`;
      problem(`“${file.name}” cannot be imported: ${reason}`);
    }
  };

  return {
    presets,
    defaultId,
    inUse,
    chosen,
    form,
    message,
    choose,
    setForm,
    done,
    submitName,
    remove,
    importFile,
  };
}
