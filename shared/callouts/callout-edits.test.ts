import { describe, expect, it } from 'vitest';
import { CALLOUT } from './callout';
import { addCallout, deleteCallout, updateCallout } from './callout-edits';
import { calloutSchema } from './callout-schema';

describe('callout edits', () => {
  it('add a callout at the playhead, inside the recording, valid as saved', () => {
    const [title] = addCallout([], 'title', { id: 't', atMs: 0, durationMs: 10_000, target: null });
    expect(title).toEqual({ id: 't', kind: 'title', text: 'Your title', startMs: 0, endMs: 3000, target: null });
    const [late] = addCallout([], 'label', { id: 'l', atMs: 9000, durationMs: 10_000, target: null });
    expect(late).toMatchObject({ startMs: 7000, endMs: 10_000, target: { x: 0.5, y: 0.5 } });
    const [short] = addCallout([], 'caption', { id: 'c', atMs: 0, durationMs: 1200, target: null });
    expect(short).toMatchObject({ startMs: 0, endMs: 1200 });
    for (const callout of [title, late, short]) expect(calloutSchema.safeParse(callout).success).toBe(true);
  });

  it('change text and times, keeping at least the shortest length, and delete', () => {
    const list = addCallout([], 'caption', { id: 'c', atMs: 1000, durationMs: 10_000, target: null });
    expect(updateCallout(list, 'c', { text: 'Hi' }, 10_000)[0]?.text).toBe('Hi');
    expect(updateCallout(list, 'c', { endMs: 1100 }, 10_000)[0]).toMatchObject({ startMs: 600, endMs: 1100 });
    expect(updateCallout(list, 'c', { startMs: 3900 }, 10_000)[0]).toMatchObject({
      startMs: 3900,
      endMs: 3900 + CALLOUT.minDurationMs,
    });
    expect(updateCallout(list, 'c', { endMs: 20_000 }, 10_000)[0]?.endMs).toBe(10_000);
    expect(deleteCallout(list, 'c')).toEqual([]);
  });
});
