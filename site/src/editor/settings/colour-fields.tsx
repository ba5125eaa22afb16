import { useId } from 'react';
import { GRADIENT_PRESETS, type LinearGradient } from '../../../../shared/look/presets';
import type { BackgroundGradient } from '../../../../shared/look/render-settings';
import { Slider } from '../../../../shared/ui';

/** A custom gradient to start from: the current one, or the preset that was chosen. */
export function customGradientFrom(gradient: BackgroundGradient): LinearGradient {
  return gradient.kind === 'custom' ? gradient.custom : GRADIENT_PRESETS[gradient.preset];
}

/** A colour: a swatch that opens the browser's colour picker, and its hex code. */
export function ColourField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (colour: string) => void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="colour-field" data-disabled={props.disabled ? '' : undefined}>
      <label htmlFor={id} className="cr-field-label">
        {props.label}
      </label>
      <span className="colour-swatch">
        <input
          id={id}
          type="color"
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <span className="colour-code" aria-hidden="true">
          {props.value.toUpperCase()}
        </span>
      </span>
    </div>
  );
}

/** Two colours and an angle: the custom gradient most people want. */
export function CustomGradientFields(props: {
  readonly gradient: LinearGradient;
  readonly onChange: (gradient: LinearGradient) => void;
}) {
  const { gradient } = props;
  const first = gradient.stops[0]?.color ?? '#000000';
  const last = gradient.stops[gradient.stops.length - 1]?.color ?? '#ffffff';
  const withColours = (from: string, to: string): LinearGradient => ({
    angle: gradient.angle,
    stops: [
      { offset: 0, color: from },
      { offset: 1, color: to },
    ],
  });
  return (
    <>
      <ColourField
        label="Gradient start colour"
        value={first}
        onChange={(colour) => props.onChange(withColours(colour, last))}
      />
      <ColourField
        label="Gradient end colour"
        value={last}
        onChange={(colour) => props.onChange(withColours(first, colour))}
      />
      <Slider
        label="Gradient angle"
        value={gradient.angle}
        min={0}
        max={360}
        step={5}
        format={(angle) => `${angle}°`}
        onChange={(angle) => props.onChange({ ...gradient, angle })}
      />
    </>
  );
}
