import { describe, expect, it } from 'vitest';
import { commandForKey, KEYMAP, type KeyPress } from './shortcuts';
import { COMMANDS } from './state/commands';

const press = (key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('keymap', () => {
  it('runs the command the help panel lists for each key', () => {
    expect(commandForKey(press(' '))).toBe('togglePlay');
    expect(commandForKey(press('ArrowLeft'))).toBe('frameBack');
    expect(commandForKey(press('ArrowLeft', { shiftKey: true }))).toBe('secondBack');
    expect(commandForKey(press('ArrowRight', { shiftKey: true }))).toBe('secondForward');
    expect(commandForKey(press('Z', { shiftKey: true }))).toBe('addZoom');
    expect(commandForKey(press('z', { ctrlKey: true }))).toBe('undo');
    expect(commandForKey(press('z', { metaKey: true }))).toBe('undo');
    expect(commandForKey(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(commandForKey(press('y', { ctrlKey: true }))).toBe('redo');
    expect(commandForKey(press('Backspace'))).toBe('deleteSelected');
    expect(commandForKey(press('?', { shiftKey: true }))).toBe('toggleHelp');
    expect(commandForKey(press('Escape'))).toBe('clearSelection');
  });

  it('leaves other keys, and browser shortcuts, to the page', () => {
    expect(commandForKey(press('a'))).toBeNull();
    expect(commandForKey(press('e', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(press('x', { metaKey: true }))).toBeNull();
  });

  it('lists every command once, so the help shows all the keys do', () => {
    const commands = KEYMAP.map((shortcut) => shortcut.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect([...commands].sort()).toEqual(Object.keys(COMMANDS).sort());
  });
});

describe('timeline zoom keys', () => {
  it('zoom the timeline in, out and back to fit', () => {
    expect(commandForKey(press('='))).toBe('timelineZoomIn');
    expect(commandForKey(press('+', { shiftKey: true }))).toBe('timelineZoomIn');
    expect(commandForKey(press('-'))).toBe('timelineZoomOut');
    expect(commandForKey(press('0'))).toBe('timelineFit');
    // Ctrl/⌘ with them is the browser's page zoom: left alone.
    expect(commandForKey(press('=', { ctrlKey: true }))).toBeNull();
  });
});
