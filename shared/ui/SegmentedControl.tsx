import { RadioGroup } from 'radix-ui';
import { type ReactNode, useId } from 'react';

export interface SegmentOption<T extends string> {
  readonly value: T;
  /** The words shown (and read); with `icon`, they may be short. */
  readonly label: string;
  /** Small words with the label, under it, e.g. a size's pixels ("1080p" over "1920×1080"). */
  readonly detail?: string;
  readonly icon?: ReactNode;
  /** A longer name for screen readers, when `label` is short (e.g. "S" → "Small"); also shown on hover. */
  readonly name?: string;
  /** More words on hover (e.g. what a quality level means). */
  readonly hint?: string;
  readonly disabled?: boolean;
}

export interface SegmentedControlProps<T extends string> {
  /** The setting's name: the group's accessible name, shown above unless `hideLabel`. */
  readonly label: string;
  readonly value: T;
  readonly options: readonly SegmentOption<T>[];
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
  readonly hideLabel?: boolean;
}

/** One of a few choices, side by side (a radio group: arrow keys move, every option shown). */
export function SegmentedControl<T extends string>(props: SegmentedControlProps<T>) {
  const labelId = useId();
  return (
    <div className="cr-field" data-disabled={props.disabled ? '' : undefined}>
      <span id={labelId} className={props.hideLabel ? 'cr-visually-hidden' : 'cr-field-label'}>
        {props.label}
      </span>
      <RadioGroup.Root
        className="cr-segmented"
        aria-labelledby={labelId}
        value={props.value}
        disabled={props.disabled}
        orientation="horizontal"
        onValueChange={(value) => props.onChange(value as T)}
      >
        {props.options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className="cr-segment"
            disabled={option.disabled}
            aria-label={option.name}
            title={option.hint ?? option.name}
          >
            {option.icon && (
              <span className="cr-segment-icon" aria-hidden="true">
                {option.icon}
              </span>
            )}
            {option.detail ? (
              <span className="cr-segment-words">
                <span>{option.label}</span>
                <span className="cr-segment-detail">{option.detail}</span>
              </span>
            ) : (
              <span>{option.label}</span>
            )}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
