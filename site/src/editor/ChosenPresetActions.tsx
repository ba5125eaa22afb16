import { Download } from 'lucide-react';
import { applyPreset, type LookPreset, presetFileText } from '../../../shared/look/look-presets';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { Button } from '../../../shared/ui';
import { $defaultPresetId } from '../preferences/presets';
import { download, fileNameFor } from './preset-files';
import type { PresetForm } from './presets-section-state';

interface ChosenPresetActionsProps {
  readonly preset: LookPreset;
  readonly settings: RenderSettings;
  /** Whether the preset is the one new recordings open with. */
  readonly isDefault: boolean;
  /** Whether the recording already has the preset's look (Apply then does nothing). */
  readonly inUse: boolean;
  /** Applies settings to the recording (an undoable edit). */
  readonly onApply: (settings: RenderSettings) => void;
  /** Opens a form under the list (rename, delete). */
  readonly onForm: (form: PresetForm) => void;
  /** Says what was done. */
  readonly done: (text: string) => void;
}

/** What the chosen preset can do: Apply, Set as default (or Unset), Rename…, Delete…, Export preset. */
export function ChosenPresetActions({
  preset,
  settings,
  isDefault,
  inUse,
  onApply,
  onForm,
  done,
}: ChosenPresetActionsProps) {
  return (
    <div className="preset-actions">
      <Button
        size="small"
        tone="primary"
        disabled={inUse}
        onClick={() => {
          onApply(applyPreset(settings, preset));
          done(`Applied “${preset.name}”.`);
        }}
      >
        Apply
      </Button>
      {isDefault ? (
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
            $defaultPresetId.set(preset.id);
            done(`New recordings open with “${preset.name}”.`);
          }}
        >
          Set as default
        </Button>
      )}
      <Button size="small" onClick={() => onForm({ kind: 'rename', name: preset.name })}>
        Rename…
      </Button>
      <Button size="small" onClick={() => onForm({ kind: 'delete' })}>
        Delete…
      </Button>
      <Button
        size="small"
        icon={<Download />}
        onClick={() => {
          download(presetFileText([preset]), fileNameFor(preset));
          done(`Exported “${preset.name}” as ${fileNameFor(preset)}.`);
        }}
      >
        Export preset
      </Button>
    </div>
  );
}
