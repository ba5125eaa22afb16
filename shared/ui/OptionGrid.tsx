import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';

export interface GridOption<T extends string> {
  readonly value: T;
  /** The option's name in a buyer's words: read by screen readers, shown under the picture or on hover. */
  readonly label: string;
  /** What the option looks like: a thumbnail, a shape, a small animation. */
  readonly picture: ReactNode;
  readonly disabled?: boolean;
}

export interface OptionGridProps<T extends string> {
  readonly label: string;
  readonly value: T | null;
  readonly options: readonly GridOption<T>[];
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
  /** Tiles per row. */
  readonly columns?: number;
  /** Names under the pictures (else on hover only). */
  readonly captions?: boolean;
}

/** A picker that shows, not names: a grid of pictures, one chosen (a radio group with arrow-key moves). */
export function OptionGrid<T extends string>(props: OptionGridProps<T>) {
  return (
    <RadioGroup.Root
      className="cr-option-grid"
      aria-label={props.label}
      value={props.value ?? ''}
      disabled={props.disabled}
      style={{ gridTemplateColumns: `repeat(${props.columns ?? 4}, minmax(0, 1fr))` }}
      onValueChange={(value) => props.onChange(value as T)}
    >
      {props.options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="cr-option"
          disabled={option.disabled}
          aria-label={option.label}
          title={option.label}
        >
          <span className="cr-option-picture" aria-hidden="true">
            {option.picture}
          </span>
          {props.captions && (
            <span className="cr-option-caption" aria-hidden="true">
              {option.label}
            </span>
          )}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
