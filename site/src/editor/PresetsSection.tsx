import { useStore } from '@nanostores/react';
import { Download, Save, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  addPreset,
  applyPreset,
  deletePreset,
  importPresets,
  type LookPreset,
  matchesPreset,
  PRESET_FILE_MAX_BYTES,
  PRESET_NAME_MAX_LENGTH,
  parsePresetFile,
  presetFileText,
  presetFromSettings,
  renamePreset,
} from '../../../shared/look/look-presets';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { Button, RadioList } from '../../../shared/ui';
import { $defaultPresetId, $presets } from '../preferences/presets';
import { download, fileNameFor, messageOf } from './preset-files';
import { StarterLooks } from './StarterLooks';
import './presets.css';
import { DomainError } from '../../../shared/errors/domain-error';
import { FileError } from '../../../shared/errors/domain-errors';

interface PresetsSectionProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly settings: RenderSettings;
  /** Applies settings to the recording (an undoable edit). */
  readonly onApply: (settings: RenderSettings) => void;
}

/** What the section shows under the list: a name being typed, a delete being confirmed, or nothing. */
type Form =
  | { readonly kind: 'none' }
  | { readonly kind: 'save' | 'rename'; readonly name: string }
  | { readonly kind: 'delete' };

/** The last thing done, or what went wrong. */
type Message = { readonly kind: 'done' | 'problem'; readonly text: string } | null;

/**
 * Presets: the current look, camera and cursor saved under a name, to apply to any recording, to open new
 * recordings with (the default), and to pass on as a file. Saved in this browser (site/src/preferences/presets.ts).
 */
export function PresetsSection({ recording, video, settings, onApply }: PresetsSectionProps) {
  const presets = useStore($presets);
  const defaultId = useStore($defaultPresetId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [form, setForm] = useState<Form>({ kind: 'none' });
  const [message, setMessage] = useState<Message>(null);
  const nameId = useId();
  const listName = useId();
  const importInput = useRef<HTMLInputElement>(null);

  const inUse = presets.find((preset) => matchesPreset(settings, preset)) ?? null;
  const chosen = presets.find((preset) => preset.id === chosenId) ?? inUse ?? presets[0] ?? null;

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
      problem(messageOf(error));
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
      if (file.size > PRESET_FILE_MAX_BYTES)
        throw new FileError('not-a-preset', 'it is too large to be a preset file.');
      const read = parsePresetFile(await file.text());
      const result = importPresets($presets.get(), read, () => `preset-${crypto.randomUUID()}`);
      $presets.set(result.presets);
      const names = read.map((p) => `“${p.name}”`).join(', ');
      if (result.added.length === 0) done(`You already have ${names}: nothing new to import.`);
      else {
        setChosenId(result.added[0]?.id ?? null);
        done(`Imported ${result.added.map((p) => `“${p.name}”`).join(', ')}.`);
      }
    } catch (error) {
      const reason = error instanceof DomainError ? error.message : `it could not be read (${messageOf(error)}).`;
      problem(`“${file.name}” cannot be imported: ${reason}`);
    }
  };

  const naming = form.kind === 'save' || form.kind === 'rename';
  return (
    <fieldset className="group presets" aria-describedby={`${listName}-hint`}>
      <legend>Presets</legend>
      <p className="hint" id={`${listName}-hint`}>
        Start from a look, or save this look, camera and cursor to reuse them. New recordings open with the default.
      </p>
      <h2 className="preset-heading">Starter looks</h2>
      <StarterLooks
        recording={recording}
        video={video}
        settings={settings}
        onApply={(next, look) => {
          onApply(next);
          setForm({ kind: 'none' });
          done(`Applied “${look.name}”. Undo brings back the look you had.`);
        }}
      />
      <h2 className="preset-heading">Your presets</h2>
      {presets.length === 0 ? (
        <p className="hint">No saved presets yet.</p>
      ) : (
        <div className="preset-list">
          <RadioList
            label="Saved presets"
            value={chosen?.id ?? null}
            itemClassName="preset-item"
            labelClassName="preset-name"
            onChange={(id) => {
              setChosenId(id);
              setForm({ kind: 'none' });
            }}
            options={presets.map((preset) => ({
              value: preset.id,
              label: preset.name,
              attributes: { 'data-preset-id': preset.id },
              extra: (
                <>
                  {preset.id === defaultId && <span className="preset-badge">Default</span>}
                  {preset.id === inUse?.id && <span className="preset-badge in-use">In use</span>}
                </>
              ),
            }))}
          />
        </div>
      )}

      {chosen && (
        <div className="preset-actions">
          <Button
            size="small"
            tone="primary"
            disabled={chosen.id === inUse?.id}
            onClick={() => {
              onApply(applyPreset(settings, chosen));
              done(`Applied “${chosen.name}”.`);
            }}
          >
            Apply
          </Button>
          {chosen.id === defaultId ? (
            <Button
              size="small"
              onClick={() => {
                $defaultPresetId.set(null);
                done('New recordings open with the look you used last.');
              }}
            >
              Unset default
            </Button>
          ) : (
            <Button
              size="small"
              onClick={() => {
                $defaultPresetId.set(chosen.id);
                done(`New recordings open with “${chosen.name}”.`);
              }}
            >
              Set as default
            </Button>
          )}
          <Button size="small" onClick={() => setForm({ kind: 'rename', name: chosen.name })}>
            Rename…
          </Button>
          <Button size="small" onClick={() => setForm({ kind: 'delete' })}>
            Delete…
          </Button>
          <Button
            size="small"
            icon={<Download />}
            onClick={() => {
              download(presetFileText([chosen]), fileNameFor(chosen));
              done(`Exported “${chosen.name}” as ${fileNameFor(chosen)}.`);
            }}
          >
            Export preset
          </Button>
        </div>
      )}

      {form.kind === 'delete' && chosen && (
        <div className="preset-form">
          <span>Delete “{chosen.name}”? Recordings that use its look keep it.</span>
          <Button size="small" tone="danger" onClick={() => remove(chosen)}>
            Delete
          </Button>
          <Button size="small" onClick={() => setForm({ kind: 'none' })}>
            Keep it
          </Button>
        </div>
      )}

      {naming && (
        <form className="preset-form" onSubmit={submitName}>
          <label htmlFor={nameId}>
            {form.kind === 'save' ? 'Name for this look' : `New name for “${chosen?.name}”`}
          </label>
          <input
            id={nameId}
            type="text"
            className="cr-input"
            value={form.name}
            maxLength={PRESET_NAME_MAX_LENGTH}
            // biome-ignore lint/a11y/noAutofocus: the field opened by the button just pressed takes the typing
            autoFocus
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setForm({ kind: 'none' });
            }}
          />
          <Button type="submit" size="small" tone="primary">
            {form.kind === 'save' ? 'Save preset' : 'Rename'}
          </Button>
          <Button size="small" onClick={() => setForm({ kind: 'none' })}>
            Cancel
          </Button>
        </form>
      )}

      <div className="preset-actions preset-library">
        {!naming && (
          <Button size="small" icon={<Save />} onClick={() => setForm({ kind: 'save', name: '' })}>
            Save current look…
          </Button>
        )}
        <Button size="small" icon={<Upload />} onClick={() => importInput.current?.click()}>
          Import presets…
        </Button>
        <input
          ref={importInput}
          type="file"
          hidden
          accept="application/json,.json"
          aria-label="Import presets from a file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>

      {message && (
        <p
          className={message.kind === 'problem' ? 'preset-message problem' : 'preset-message'}
          role={message.kind === 'problem' ? 'alert' : 'status'}
          data-testid="preset-message"
        >
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
