import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * Words shown beside a control on hover or keyboard focus. The child must be one focusable element. Each tooltip
 * brings its own provider, so any page or island can use one without wrapping itself first; it is drawn beside its
 * control (no portal to the body), inside the page's landmarks.
 */
export function Tooltip({ content, children }: { readonly content: ReactNode; readonly children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={400}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Content className="cr-tooltip" sideOffset={6}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
