import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';

export interface ListOption<T extends string> {
  readonly value: T;
  /** The row's words (its accessible name, with `extra`). */
  readonly label: string;
  /** Small things after the words (badges such as "Default"). */
  readonly extra?: ReactNode;
  /** `data-*` attributes of the row. */
  readonly attributes?: Readonly<Record<`data-${string}`, string>>;
}

/** One of a list of named things (saved presets…), a row each (a radio group: arrow keys move). */
export function RadioList<T extends string>(props: {
  readonly label: string;
  readonly value: T | null;
  readonly options: readonly ListOption<T>[];
  readonly onChange: (value: T) => void;
  /** A class of every row, for the page's own styles. */
  readonly itemClassName?: string;
  /** A class of every row's words. */
  readonly labelClassName?: string;
}) {
  return (
    <RadioGroup.Root
      className="cr-radio-list"
      aria-label={props.label}
      value={props.value ?? ''}
      orientation="vertical"
      onValueChange={(value) => props.onChange(value as T)}
    >
      {props.options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={`cr-radio-row${props.itemClassName ? ` ${props.itemClassName}` : ''}`}
          {...option.attributes}
        >
          <span className={`cr-radio-row-label${props.labelClassName ? ` ${props.labelClassName}` : ''}`}>
            {option.label}
          </span>
          {option.extra}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
