import type { RedactionKind } from './redaction';

/** The attribute a page puts on an element that must never be seen in a recording. */
export const REDACT_ATTRIBUTE = 'data-clickreel-redact';

/** Autocomplete tokens (the last one of the attribute names the field) that mark a field as sensitive. */
const AUTOCOMPLETE_KINDS: Readonly<Record<string, RedactionKind>> = {
  'current-password': 'password',
  'new-password': 'password',
  email: 'email',
  tel: 'phone',
  'tel-national': 'phone',
  'tel-local': 'phone',
  'cc-number': 'card',
  'cc-csc': 'card',
  'cc-exp': 'card',
  'one-time-code': 'one-time-code',
};

/** Input types that mark a field as sensitive. */
const TYPE_KINDS: Readonly<Record<string, RedactionKind>> = { password: 'password', email: 'email', tel: 'phone' };

/** CSS selector for every element {@link sensitiveKindOf} may name (a cheap first pass). */
export const SENSITIVE_SELECTOR = [
  'input[type="password" i]',
  'input[type="email" i]',
  'input[type="tel" i]',
  '[autocomplete]',
  `[${REDACT_ATTRIBUTE}]`,
].join(',');

/** What the content script reads of an element to decide. */
export interface ElementTraits {
  /** Upper-case tag name. */
  readonly tagName: string;
  /** The input's type (lower case), for inputs. */
  readonly type?: string;
  readonly autocomplete?: string | null;
  readonly marked: boolean;
  /**
   * The input was a password field earlier in the recording: a page's "Show password" turns it into a text field
   * that still holds the password, so it is still one.
   */
  readonly wasPassword?: boolean;
}

/**
 * Why an element must not be seen, or null: marked by the page; a password, email or phone input (a password input
 * the page has since shown as text included); or a field whose autocomplete names a password, an email, a phone
 * number, a card (number, security code, expiry) or a one-time code. A password input keeps its kind once shown as
 * text, whatever its autocomplete, so its track goes on unbroken.
 */
export function sensitiveKindOf(element: ElementTraits): RedactionKind | null {
  if (element.marked) return 'marked';
  const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
  if (!field) return null;
  const type =
    element.tagName !== 'INPUT' ? '' : element.wasPassword ? 'password' : (element.type ?? 'text').toLowerCase();
  if (['hidden', 'submit', 'button', 'reset', 'checkbox', 'radio', 'image', 'file'].includes(type)) return null;
  const token = (element.autocomplete ?? '').trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  return AUTOCOMPLETE_KINDS[token] ?? TYPE_KINDS[type] ?? null;
}
