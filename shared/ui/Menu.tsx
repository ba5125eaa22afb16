import { DropdownMenu } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

export interface MenuItem {
  readonly label: string;
  readonly icon?: ReactNode;
  /** A key that does the same, shown at the right. */
  readonly shortcut?: string;
  readonly onSelect: () => void;
  readonly disabled?: boolean;
}

/**
 * A button that opens a list of actions (role "menu": arrow keys, Enter, Escape). Not modal: a modal menu would
 * lock the page's scrolling with an injected <style>, which the site's Content-Security-Policy refuses. Drawn where
 * its button is (no portal to the body), so it stays inside the page's landmarks.
 */
export function Menu({
  trigger,
  items,
  align = 'end',
}: {
  readonly trigger: ReactElement;
  readonly items: readonly MenuItem[];
  /** Which edge of its button the list lines up with. */
  readonly align?: 'start' | 'end';
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content className="cr-menu" align={align} sideOffset={6}>
        {items.map((item) => (
          <DropdownMenu.Item
            key={item.label}
            className="cr-menu-item"
            disabled={item.disabled}
            onSelect={item.onSelect}
          >
            {item.icon && (
              <span className="cr-menu-icon" aria-hidden="true">
                {item.icon}
              </span>
            )}
            <span className="cr-menu-label">{item.label}</span>
            {item.shortcut && <kbd className="cr-menu-shortcut">{item.shortcut}</kbd>}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
