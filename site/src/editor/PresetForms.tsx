import type { FormEvent } from 'react';
import { PRESET_NAME_MAX_LENGTH } from '../../../shared/look/look-presets';
import { Button } from '../../../shared/ui';
import type { PresetForm } from './presets-section-state';

/** The name being typed, to save the current look under or to rename the chosen preset to. */
type NamingForm = Extract<PresetForm, { readonly kind: 'save' | 'rename' }>;

interface PresetNameFormProps {
  /** The name field's id. */
  readonly id: string;
  readonly form: NamingForm;
  /** The chosen preset's name, which a rename replaces. */
  readonly chosenName: string | undefined;
  readonly onForm: (form: PresetForm) => void;
  readonly onSubmit: (event: FormEvent) => void;
}

/** The name field under the list, with Save preset (or Rename) and Cancel; Escape cancels too. */
export function PresetNameForm({ id, form, chosenName, onForm, onSubmit }: PresetNameFormProps) {
  return (
    <form className="preset-form" onSubmit={onSubmit}>
      <label htmlFor={id}>{form.kind === 'save' ? 'Name for this look' : `New name for “${chosenName}”`}</label>
      <input
        id={id}
        type="text"
        className="cr-input"
        value={form.name}
        maxLength={PRESET_NAME_MAX_LENGTH}
        // biome-ignore lint/a11y/noAutofocus: the field opened by the button just pressed takes the typing
        autoFocus
        onChange={(event) => onForm({ ...form, name: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onForm({ kind: 'none' });
        }}
      />
      <Button type="submit" size="small" tone="primary">
        {form.kind === 'save' ? 'Save preset' : 'Rename'}
      </Button>
      <Button size="small" onClick={() => onForm({ kind: 'none' })}>
        Cancel
      </Button>
    </form>
  );
}

/** Asks before deleting the chosen preset: Delete, or Keep it. */
export function DeletePresetConfirm(props: {
  readonly name: string;
  readonly onDelete: () => void;
  readonly onKeep: () => void;
}) {
  return (
    <div className="preset-form">
      <span>Delete “{props.name}”? Recordings that use its look keep it.</span>
      <Button size="small" tone="danger" onClick={props.onDelete}>
        Delete
      </Button>
      <Button size="small" onClick={props.onKeep}>
        Keep it
      </Button>
    </div>
  );
}
