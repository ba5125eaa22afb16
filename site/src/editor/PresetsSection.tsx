import { Save, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import type { LookPreset } from '../../../shared/look/look-presets';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { Button, RadioList } from '../../../shared/ui';
import { ChosenPresetActions } from './ChosenPresetActions';
import { DeletePresetConfirm, PresetNameForm } from './PresetForms';
import { type PresetMessage, usePresetsSection } from './presets-section-state';
import { StarterLooks } from './StarterLooks';
import './presets.css';

interface PresetsSectionProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly settings: RenderSettings;
  /** Applies settings to the recording (an undoable edit). */
  readonly onApply: (settings: RenderSettings) => void;
}

/**
 * Presets: the current look, camera and cursor saved under a name, to apply to any recording, to open new
 * recordings with (the default), and to pass on as a file. Saved in this browser (site/src/preferences/presets.ts).
 */
export function PresetsSection({ recording, video, settings, onApply }: PresetsSectionProps) {
  const section = usePresetsSection(settings);
  const { presets, defaultId, inUse, chosen, form, message, setForm, done } = section;
  const nameId = useId();
  const listName = useId();

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
      <SavedPresetList
        presets={presets}
        chosenId={chosen?.id ?? null}
        defaultId={defaultId}
        inUseId={inUse?.id}
        onChoose={section.choose}
      />

      {chosen && (
        <ChosenPresetActions
          preset={chosen}
          settings={settings}
          isDefault={chosen.id === defaultId}
          inUse={chosen.id === inUse?.id}
          onApply={onApply}
          onForm={setForm}
          done={done}
        />
      )}

      {form.kind === 'delete' && chosen && (
        <DeletePresetConfirm
          name={chosen.name}
          onDelete={() => section.remove(chosen)}
          onKeep={() => setForm({ kind: 'none' })}
        />
      )}

      {naming && (
        <PresetNameForm
          id={nameId}
          form={form}
          chosenName={chosen?.name}
          onForm={setForm}
          onSubmit={section.submitName}
        />
      )}

      <PresetLibraryActions
        naming={naming}
        onSave={() => setForm({ kind: 'save', name: '' })}
        onImport={(file) => void section.importFile(file)}
      />

      {message && <PresetMessageLine message={message} />}
    </fieldset>
  );
}

interface SavedPresetListProps {
  readonly presets: readonly LookPreset[];
  readonly chosenId: string | null;
  /** The preset new recordings open with, and the one the recording has: each gets a badge. */
  readonly defaultId: string | null;
  readonly inUseId: string | undefined;
  readonly onChoose: (id: string) => void;
}

/** The saved presets to choose from, badged Default and In use; a hint when there are none. */
function SavedPresetList({ presets, chosenId, defaultId, inUseId, onChoose }: SavedPresetListProps) {
  if (presets.length === 0) return <p className="hint">No saved presets yet.</p>;
  return (
    <div className="preset-list">
      <RadioList
        label="Saved presets"
        value={chosenId}
        itemClassName="preset-item"
        labelClassName="preset-name"
        onChange={onChoose}
        options={presets.map((preset) => ({
          value: preset.id,
          label: preset.name,
          attributes: { 'data-preset-id': preset.id },
          extra: (
            <>
              {preset.id === defaultId && <span className="preset-badge">Default</span>}
              {preset.id === inUseId && <span className="preset-badge in-use">In use</span>}
            </>
          ),
        }))}
      />
    </div>
  );
}

/** Save current look… (hidden while a name is typed) and Import presets…, which reads a preset file. */
function PresetLibraryActions(props: {
  readonly naming: boolean;
  readonly onSave: () => void;
  readonly onImport: (file: File) => void;
}) {
  const importInput = useRef<HTMLInputElement>(null);
  return (
    <div className="preset-actions preset-library">
      {!props.naming && (
        <Button size="small" icon={<Save />} onClick={props.onSave}>
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
          if (file) props.onImport(file);
        }}
      />
    </div>
  );
}

/** The last thing done (a status), or what went wrong (an alert). */
function PresetMessageLine({ message }: { readonly message: NonNullable<PresetMessage> }) {
  return (
    <p
      className={message.kind === 'problem' ? 'preset-message problem' : 'preset-message'}
      role={message.kind === 'problem' ? 'alert' : 'status'}
      data-testid="preset-message"
    >
      {message.text}
    </p>
  );
}
