import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** Called when the dialog asks to close: Escape, the close button, a click beside it. */
  readonly onClose: () => void;
  /** Buttons at the bottom. */
  readonly footer?: ReactNode;
  /** `alertdialog` for a question that needs an answer (no closing by a click beside it). */
  readonly role?: 'dialog' | 'alertdialog';
  /** False while it must stay open (work under way): no close button, Escape and clicks beside it do nothing. */
  readonly dismissible?: boolean;
  /** Wider than a question's dialog (a form of several rows of choices). */
  readonly wide?: boolean;
  /** `data-*` attributes of the <dialog> (a state tests and styles read). */
  readonly attributes?: Readonly<Record<`data-${string}`, string>>;
}

/**
 * A modal dialog on the browser's own <dialog> (showModal): focus kept inside, Escape closes, the page behind inert,
 * with no script-injected styles (which the site's Content-Security-Policy refuses, as a script library's dialog
 * would need to lock scrolling). Shown while mounted.
 */
export function Dialog(props: DialogProps) {
  const { title, children, onClose, footer, role = 'dialog', dismissible = true, wide, attributes } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard closes with Escape (cancel).
    <dialog
      ref={ref}
      className="cr-dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      data-wide={wide ? '' : undefined}
      {...attributes}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its box.
        if (role === 'dialog' && dismissible && event.target === ref.current) onClose();
      }}
    >
      <div className="cr-dialog-head">
        <h2 id={titleId} className="cr-dialog-title">
          {title}
        </h2>
        {dismissible && (
          <button
            type="button"
            className="cr-button"
            data-tone="ghost"
            data-icon-only=""
            aria-label="Close"
            onClick={onClose}
          >
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="cr-dialog-body">{children}</div>
      {footer && <div className="cr-dialog-footer">{footer}</div>}
    </dialog>
  );
}
