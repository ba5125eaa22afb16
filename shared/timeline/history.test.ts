import { expect, test } from 'vitest';
import { canRedo, canUndo, createHistory, pushState, redo, replaceState, undo } from './history';

test('undo and redo walk through the edits in order', () => {
  let h = createHistory(1);
  h = pushState(h, 2);
  h = pushState(h, 3);
  expect(canRedo(h)).toBe(false);
  h = undo(h);
  expect(h.present).toBe(2);
  h = undo(h);
  expect(h.present).toBe(1);
  expect(canUndo(h)).toBe(false);
  expect(undo(h)).toBe(h);
  h = redo(h);
  expect(h.present).toBe(2);
});

test('a new edit after undo drops the redo steps', () => {
  let h = pushState(pushState(createHistory('a'), 'b'), 'c');
  h = pushState(undo(h), 'd');
  expect(h.present).toBe('d');
  expect(canRedo(h)).toBe(false);
  expect(undo(h).present).toBe('b');
});

test('a drag replaces the present without adding undo steps', () => {
  let h = pushState(createHistory(0), 10);
  h = replaceState(h, 11);
  h = replaceState(h, 12);
  expect(undo(h).present).toBe(0);
});
