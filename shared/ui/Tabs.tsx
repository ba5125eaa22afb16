import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface Tab<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly icon: ReactNode;
  readonly content: ReactNode;
}

/**
 * Panels behind a rail of icon tabs (role "tablist"; arrow keys move). Every panel stays mounted, hidden unless
 * chosen, so what is open or typed in one (a form, a message) is still there on coming back.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  readonly label: string;
  readonly tabs: readonly Tab<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  return (
    <RadixTabs.Root
      className="cr-tabs"
      value={value}
      onValueChange={(next) => onChange(next as T)}
      orientation="vertical"
      activationMode="automatic"
    >
      <RadixTabs.List className="cr-tab-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="cr-tab">
            <span className="cr-tab-icon" aria-hidden="true">
              {tab.icon}
            </span>
            <span className="cr-tab-label">{tab.label}</span>
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          className="cr-tab-panel"
          forceMount
          hidden={tab.value !== value}
        >
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
