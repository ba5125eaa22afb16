import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';

export interface NumberFieldProps {
  /** The name shown beside the field (e.g. "From"). */
  readonly label: string;
  /** The accessible name, when the shown one needs its context (e.g. "Title 1 from (s)"); else `label`. */
  readonly name?: string;
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly min?: number;
  readonly max?: number;
  /** What one arrow press or stepper click adds (Shift + arrow, Page Up/Down: ten of them). */
  readonly step: number;
  /** Decimals shown. */
  readonly decimals: number;
  /** The unit shown after the number (e.g. "s", "%"). */
  readonly unit?: string;
  /** The unit in words, for screen readers (e.g. "seconds"). */
  readonly unitName?: string;
  readonly disabled?: boolean;
}

/** The value a field keeps of a number: rounded to the decimals it shows, then inside its limits. */
export function keptNumber(
  value: number,
  limits: { readonly min?: number; readonly max?: number; readonly decimals: number },
): number {
  const rounded = Number(value.toFixed(limits.decimals));
  return Math.min(limits.max ?? Number.POSITIVE_INFINITY, Math.max(limits.min ?? Number.NEGATIVE_INFINITY, rounded));
}

/** A typed number ("1,5" too: a decimal comma is read as a point), or null when it is none. */
export function parseTypedNumber(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

/** A NumberField's state: the text being typed, and what keeping it, stepping and keys do to it and the value. */
function useNumberDraft(props: Pick<NumberFieldProps, 'value' | 'onChange' | 'min' | 'max' | 'step' | 'decimals'>) {
  const { value, onChange, min, max, step, decimals } = props;
  // What is being typed; null while the field shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = value.toFixed(decimals);
  const keep = (next: number) => {
    const kept = keptNumber(next, { min, max, decimals });
    setDraft(null);
    if (kept !== value) onChange(kept);
  };
  const commit = () => {
    if (draft === null) return;
    const typed = parseTypedNumber(draft);
    if (typed === null) setDraft(null);
    else keep(typed);
  };
  const stepBy = (steps: number) => keep((parseTypedNumber(draft ?? shown) ?? value) + steps * step);
  /** What a key does: step, go to a limit, keep what was typed, put the value back; undefined for other keys. */
  const keyAction = (event: KeyboardEvent<HTMLInputElement>): (() => void) | undefined => {
    const steps = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case 'ArrowUp':
        return () => stepBy(steps);
      case 'ArrowDown':
        return () => stepBy(-steps);
      case 'PageUp':
        return () => stepBy(10);
      case 'PageDown':
        return () => stepBy(-10);
      case 'Home':
        return min === undefined ? undefined : () => keep(min);
      case 'End':
        return max === undefined ? undefined : () => keep(max);
      case 'Enter':
        return commit;
      case 'Escape':
        return draft === null ? undefined : () => setDraft(null);
      default:
        return undefined;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    // Escape in a field puts its value back; it does not also close what the field is in.
    if (event.key === 'Escape') event.stopPropagation();
    action();
  };
  return { draft, setDraft, shown, commit, stepBy, onKeyDown };
}

/**
 * A number typed or stepped (role "spinbutton"): − and + beside it, ↑ and ↓ step it, Home and End go to its
 * limits, Enter or leaving the field keeps what was typed (clamped to the limits), Escape puts back the value.
 * One change per kept value, so typing "1.25" is one undo step, not four.
 */
export function NumberField(props: NumberFieldProps) {
  const { label, name, value, min, max, unit, unitName, disabled } = props;
  const id = useId();
  const { draft, setDraft, shown, commit, stepBy, onKeyDown } = useNumberDraft(props);
  return (
    <div className="cr-number-field" data-disabled={disabled ? '' : undefined}>
      <label htmlFor={id} className="cr-field-label">
        {label}
      </label>
      <div className="cr-stepper">
        <button
          type="button"
          className="cr-stepper-button"
          tabIndex={-1}
          aria-label="Decrease"
          disabled={disabled || (min !== undefined && value <= min)}
          onClick={() => stepBy(-1)}
        >
          <Minus size={12} aria-hidden="true" />
        </button>
        <input
          id={id}
          className="cr-stepper-input"
          type="text"
          inputMode="decimal"
          role="spinbutton"
          autoComplete="off"
          spellCheck={false}
          aria-label={name}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuetext={unitName ? `${shown} ${unitName}` : undefined}
          disabled={disabled}
          value={draft ?? shown}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        {unit && (
          <span className="cr-stepper-unit" aria-hidden="true">
            {unit}
          </span>
        )}
        <button
          type="button"
          className="cr-stepper-button"
          tabIndex={-1}
          aria-label="Increase"
          disabled={disabled || (max !== undefined && value >= max)}
          onClick={() => stepBy(1)}
        >
          <Plus size={12} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

export interface SecondsFieldProps
  extends Omit<NumberFieldProps, 'value' | 'onChange' | 'min' | 'max' | 'step' | 'decimals' | 'unit' | 'unitName'> {
  /** The time, in milliseconds. */
  readonly valueMs: number;
  readonly onChange: (ms: number) => void;
  readonly minMs?: number;
  readonly maxMs?: number;
  /** One step, in milliseconds (100 unless told). */
  readonly stepMs?: number;
}

/** A moment or a length in seconds, shown with two decimals ("1.25 s"), kept in milliseconds. */
export function SecondsField({ valueMs, onChange, minMs = 0, maxMs, stepMs = 100, ...rest }: SecondsFieldProps) {
  return (
    <NumberField
      {...rest}
      value={valueMs / 1000}
      onChange={(seconds) => onChange(Math.round(seconds * 1000))}
      min={minMs / 1000}
      max={maxMs === undefined ? undefined : maxMs / 1000}
      step={stepMs / 1000}
      decimals={2}
      unit="s"
      unitName="seconds"
    />
  );
}
