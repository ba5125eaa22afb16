import { type CursorType, toCursorType } from '../../shared/recording/cursor-types';
import { ALL_MOUSE_BUTTONS, type MouseButton } from '../../shared/recording/recording';

/** What a click on an element is a click on: the control it belongs to (a span inside a button is the button). */
const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  ...['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'option', 'switch', 'combobox', 'textbox'].map(
    (role) => `[role="${role}"]`,
  ),
].join(',');

/** The control `element` belongs to, else the element itself. */
export function controlOf(element: Element): Element {
  return element.closest(CONTROL_SELECTOR) ?? element;
}

/** Input types one types text into. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** Whether `element` is a field one types into (text inputs, text areas, editable content). */
export function isTextField(element: Element | null): element is HTMLElement {
  if (!element) return false;
  if (element.tagName === 'TEXTAREA') return true;
  if (element.tagName === 'INPUT') return TEXT_INPUT_TYPES.has((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}

/** PointerEvent.button → recorded button. */
export function mouseButtonOf(button: number): MouseButton {
  return ALL_MOUSE_BUTTONS[button] ?? 'left';
}

/** `target` as an Element, by duck typing (instanceof fails across same-origin frames). */
export function asElement(target: EventTarget | null): Element | null {
  return target && (target as Node).nodeType === 1 ? (target as Element) : null;
}

/** The cursor the browser shows over `element` (resolving 'auto' the way browsers do for text fields). */
export function cursorOf(element: Element | null, win: Window): CursorType {
  if (!element) return 'default';
  const css = win.getComputedStyle(element).cursor;
  if (css !== 'auto') return toCursorType(css);
  if (element.tagName === 'TEXTAREA' || (element as HTMLElement).isContentEditable) return 'text';
  if (element.tagName === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''].includes(type) ? 'text' : 'default';
  }
  if (element.closest('a[href]')) return 'pointer';
  return 'default';
}
