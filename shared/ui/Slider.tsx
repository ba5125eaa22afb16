import { Slider as RadixSlider } from 'radix-ui';
import { useId } from 'react';

export interface SliderProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly onChange: (value: number) => void;
  /** The value as a buyer reads it (e.g. "8 %", "1.0×"); shown beside the name and read by screen readers. */
  readonly format?: (value: number) => string;
  readonly disabled?: boolean;
  /** The accessible name, when the shown one needs its context (e.g. "Label 1 points across"); else `label`. */
  readonly name?: string;
  /** The name and value read by screen readers only (a slider in a toolbar, its neighbours saying what it is). */
  readonly compact?: boolean;
}

/** A number dragged along a track, with its value shown beside its name; arrow keys, Home and End move it. */
export function Slider(props: SliderProps) {
  const { label, value, min, max, step, onChange, format = String, disabled, name, compact } = props;
  const labelId = useId();
  const text = format(value);
  return (
    <div className="cr-field" data-disabled={disabled ? '' : undefined} data-compact={compact ? '' : undefined}>
      <div className={compact ? 'cr-visually-hidden' : 'cr-field-head'}>
        <span id={labelId} className="cr-field-label">
          {label}
        </span>
        <output className="cr-field-value">{text}</output>
      </div>
      <RadixSlider.Root
        className="cr-slider"
        value={[value]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => next !== undefined && onChange(next)}
      >
        <RadixSlider.Track className="cr-slider-track">
          <RadixSlider.Range className="cr-slider-range" />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          className="cr-slider-thumb"
          aria-labelledby={name ? undefined : labelId}
          aria-label={name}
          aria-valuetext={text}
        />
      </RadixSlider.Root>
    </div>
  );
}
