import { describe, expect, it } from 'vitest';
import { CALLOUT } from './callout';
import { addCallout, deleteCallout, updateCallout } from './callout-edits';
import type { CalloutScene } from './callout-placement';
import { calloutSchema } from './callout-schema';

/** A 1080p frame's video, nothing clicked, the pointer in the middle. */
const scene = (durationMs: number): CalloutScene => ({
  video: { x: 154, y: 132, width: 1612, height: 906 },
  unit: 1,
  durationMs,
  clicks: [],
});

describe('callout edits', () => {
  it('add a callout in free space, inside the recording, valid as saved', () => {
    const [title] = addCallout([], 'title', { id: 't', atMs: 0 }, scene(10_000));
    expect(title).toEqual({ id: 't', kind: 'title', text: 'Your title', startMs: 0, endMs: 3000, target: null });
    const [late] = addCallout([], 'label', { id: 'l', atMs: 9000 }, scene(10_000));
    expect(late).toMatchObject({ startMs: 7000, endMs: 10_000, target: { x: 0.5, y: 0.5 } });
    const [short] = addCallout([], 'caption', { id: 'c', atMs: 0 }, scene(1200));
    expect(short).toMatchObject({ startMs: 0, endMs: 1200, placement: 'bottom' });
    for (const callout of [title, late, short]) expect(calloutSchema.safeParse(callout).success).toBe(true);
  });

  it('change text and times, keeping at least the shortest length, and delete', () => {
    const list = addCallout([], 'caption', { id: 'c', atMs: 1000 }, scene(10_000));
    expect(updateCallout(list, 'c', { text: 'Hi' }, 10_000)[0]?.text).toBe('Hi');
    expect(updateCallout(list, 'c', { endMs: 1100 }, 10_000)[0]).toMatchObject({ startMs: 600, endMs: 1100 });
    expect(updateCallout(list, 'c', { startMs: 3900 }, 10_000)[0]).toMatchObject({
      startMs: 3900,
      endMs: 3900 + CALLOUT.minDurationMs,
    });
    expect(updateCallout(list, 'c', { endMs: 20_000 }, 10_000)[0]?.endMs).toBe(10_000);
    expect(deleteCallout(list, 'c')).toEqual([]);
  });

  it('keep a placement only of the callout’s kind', () => {
    const [caption] = addCallout([], 'caption', { id: 'c', atMs: 0 }, scene(10_000));
    expect(calloutSchema.safeParse({ ...caption, placement: 'top' }).success).toBe(true);
    expect(calloutSchema.safeParse({ ...caption, placement: 'above-left' }).success).toBe(false);
    const { placement: _none, ...older } = caption as NonNullable<typeof caption>;
    expect(calloutSchema.safeParse(older).success).toBe(true);
  });
});
