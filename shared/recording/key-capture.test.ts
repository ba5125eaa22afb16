import { describe, expect, test } from 'vitest';
import { captureKey, type KeyDown } from './key-capture';

function down(key: string, code: string, held: Partial<Omit<KeyDown, 'key' | 'code'>> = {}): KeyDown {
  return { key, code, ctrl: false, alt: false, shift: false, meta: false, altGraph: false, ...held };
}

describe('what a key press becomes', () => {
  test('modifier shortcuts keep their key', () => {
    expect(captureKey(down('k', 'KeyK', { ctrl: true }))).toBe('shortcut');
    expect(captureKey(down('K', 'KeyK', { ctrl: true, shift: true }))).toBe('shortcut');
    expect(captureKey(down('s', 'KeyS', { meta: true }))).toBe('shortcut');
    expect(captureKey(down('ArrowLeft', 'ArrowLeft', { alt: true }))).toBe('shortcut');
    expect(captureKey(down('t', 'KeyT', { alt: true }))).toBe('shortcut');
    expect(captureKey(down('4', 'Digit4', { ctrl: true, alt: true }))).toBe('shortcut');
  });

  test('everything else is typing, whatever the key', () => {
    for (const key of ['a', 'A', '4', ' ', 'Enter', 'Backspace', 'ArrowLeft', 'F5', 'Escape', 'Dead', 'Unidentified'])
      expect(captureKey(down(key, 'KeyA'))).toBe('typing');
    expect(captureKey(down('A', 'KeyA', { shift: true }))).toBe('typing');
  });

  test('AltGr, whether reported as AltGraph or as Ctrl+Alt, writes characters: typing', () => {
    expect(captureKey(down('@', 'KeyQ', { ctrl: true, alt: true, altGraph: true }))).toBe('typing');
    expect(captureKey(down('@', 'KeyQ', { ctrl: true, alt: true }))).toBe('typing');
    expect(captureKey(down('€', 'KeyE', { ctrl: true, alt: true }))).toBe('typing');
    // Option on macOS writes characters too.
    expect(captureKey(down('ß', 'KeyS', { alt: true }))).toBe('typing');
  });

  test('a modifier pressed alone is nothing, and in a secret field even shortcuts are typing', () => {
    for (const key of ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'])
      expect(captureKey(down(key, 'ShiftLeft', { shift: true }))).toBe('ignore');
    expect(captureKey(down('v', 'KeyV', { ctrl: true }), true)).toBe('typing');
  });
});
