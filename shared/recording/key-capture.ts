/**
 * What a key press becomes in a recording. Only shortcuts keep their key (the product draws them);
 * every other press is kept as its time alone (auto-zoom follows typing), so nothing typed is ever
 * stored: not in password or card fields, not in closed shadow roots, not in plain text fields.
 */

/** Keys that only modify others: pressing one alone records nothing. */
export const MODIFIER_KEYS: ReadonlySet<string> = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'Super',
  'Hyper',
  'Fn',
  'FnLock',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Symbol',
  'SymbolLock',
]);

/** A key going down, as KeyboardEvent reports it. */
export interface KeyDown {
  readonly key: string;
  readonly code: string;
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
  /** getModifierState('AltGraph'): AltGr is held (some systems also report it as Ctrl+Alt). */
  readonly altGraph: boolean;
}

/** A shortcut (kept with its key), typing (kept as a time only), or nothing at all. */
export type KeyCapture = 'shortcut' | 'typing' | 'ignore';

/** The character a physical key writes on a US layout without modifiers ('KeyS' → 's', 'Digit4' → '4'), if any. */
function plainCharacterOf(code: string): string | null {
  const match = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(code);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').toLowerCase();
}

/**
 * Whether a printable key with Alt held wrote a character instead of naming a shortcut: AltGr arriving
 * as Ctrl+Alt (Windows) writes '@' or '€', and Option on macOS writes 'ß' for S. A real shortcut reports
 * the key's own letter or digit.
 */
function altWroteCharacter(down: KeyDown): boolean {
  if ([...down.key].length !== 1) return false;
  return plainCharacterOf(down.code) !== down.key.toLowerCase();
}

/**
 * Classifies a key press. A shortcut holds Ctrl, Alt or Meta with a non-modifier key, and neither AltGr
 * nor Alt wrote a character with it; in a field that holds secrets (`sensitive`), nothing is a shortcut.
 */
export function captureKey(down: KeyDown, sensitive = false): KeyCapture {
  if (MODIFIER_KEYS.has(down.key)) return 'ignore';
  if (sensitive || down.altGraph) return 'typing';
  if (down.key === 'Dead' || down.key === 'Process' || down.key === 'Unidentified' || down.key === '') return 'typing';
  if (!down.ctrl && !down.alt && !down.meta) return 'typing';
  if (down.alt && !down.meta && altWroteCharacter(down)) return 'typing';
  return 'shortcut';
}

/** `autocomplete` tokens of fields that hold secrets: card data, one-time codes, passwords. */
const SECRET_AUTOCOMPLETE = /(^|\s)(cc-[a-z-]+|one-time-code|current-password|new-password)(\s|$)/i;

/** Whether an element is a field that holds secrets (a password, a card number, a one-time code). */
export function isSecretField(element: Element | null): boolean {
  if (element?.tagName !== 'INPUT') return false;
  const input = element as HTMLInputElement;
  return input.type === 'password' || SECRET_AUTOCOMPLETE.test(input.getAttribute('autocomplete') ?? '');
}
