import { z } from 'zod';

/**
 * CSS cursor types the tracker records (computed `cursor` of the element under the pointer).
 * Anything else the page uses (url(...) cursors, vendor names) is recorded as 'default'.
 */
export const ALL_CURSOR_TYPES = [
  'default',
  'pointer',
  'text',
  'vertical-text',
  'grab',
  'grabbing',
  'move',
  'crosshair',
  'not-allowed',
  'no-drop',
  'wait',
  'progress',
  'help',
  'context-menu',
  'cell',
  'copy',
  'alias',
  'zoom-in',
  'zoom-out',
  'ew-resize',
  'ns-resize',
  'nesw-resize',
  'nwse-resize',
  'col-resize',
  'row-resize',
  'all-scroll',
  'none',
] as const;

/** A recorded CSS cursor type. */
export type CursorType = (typeof ALL_CURSOR_TYPES)[number];

export const cursorTypeSchema = z.enum(ALL_CURSOR_TYPES);

/** Maps a computed CSS `cursor` value to a recorded cursor type ('auto' is resolved by the caller). */
export function toCursorType(cssCursor: string): CursorType {
  // A computed value may be "url(a.png) 4 4, pointer": the keyword after the last comma is the fallback.
  const keyword = cssCursor.split(',').pop()?.trim().toLowerCase() ?? '';
  return (ALL_CURSOR_TYPES as readonly string[]).includes(keyword) ? (keyword as CursorType) : 'default';
}
