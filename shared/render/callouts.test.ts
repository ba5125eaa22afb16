import { describe, expect, it } from 'vitest';
import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import type { Callout } from '../callouts/callout';
import { calloutSchema } from '../callouts/callout-schema';
import { DEFAULT_RENDER_SETTINGS } from '../look/render-settings';
import { calloutAccent, calloutsAt, paintCallouts } from './callouts';
import type { Context2D } from './canvas-2d';
import { frameAt } from './frame-at';

const caption: Callout = { id: 'c', kind: 'caption', text: 'Hello', startMs: 1000, endMs: 3000, target: null };
const label: Callout = { id: 'l', kind: 'label', text: 'Here', startMs: 0, endMs: 5000, target: { x: 0.9, y: 0.9 } };
const video = { x: 100, y: 50, width: 800, height: 450 };
const identity = (x: number, y: number) => ({ x: video.x + x * video.width, y: video.y + y * video.height });

describe('text callouts', () => {
  it('show only inside their time range, coming in and going out over CALLOUT.fadeMs', () => {
    const shownAt = (t: number) => calloutsAt([caption], t, DEFAULT_RENDER_SETTINGS, video, identity)[0]?.shown ?? null;
    expect(shownAt(999)).toBeNull();
    expect(shownAt(1000)).toBe(0);
    expect(shownAt(1150)).toBeGreaterThan(0.5);
    expect(shownAt(1150)).toBeLessThan(1);
    expect(shownAt(2000)).toBe(1);
    expect(shownAt(2850)).toBeCloseTo(shownAt(1150) ?? 0, 6);
    expect(shownAt(3000)).toBeNull();
    const opening = { ...caption, startMs: 0 };
    expect(calloutsAt([opening], 0, DEFAULT_RENDER_SETTINGS, video, identity)[0]?.shown).toBe(1);
  });

  it('point a label through the camera, and leave it out when the camera does not show its target', () => {
    const recording = recordingFixture();
    const output = { width: 1280, height: 720 };
    const input = { recording, settings: DEFAULT_RENDER_SETTINGS, output, callouts: [label] };
    const wide = frameAt({ ...input, zoomSegments: [] }, 2000);
    const target = wide.callouts[0]?.target;
    const { video: rect } = wide.layout;
    expect(target?.x).toBeCloseTo(rect.x + 0.9 * rect.width, 6);
    expect(target?.y).toBeCloseTo(rect.y + 0.9 * rect.height, 6);
    // Zoomed in on the top left, the target is off the video: no label.
    const zoom = {
      id: 'z',
      startMs: 0,
      endMs: 5000,
      depth: 'Strong',
      focus: { kind: 'point', x: 0.1, y: 0.1 },
      origin: 'user',
    } as const;
    expect(frameAt({ ...input, zoomSegments: [zoom] }, 3000).callouts).toEqual([]);
  });

  it('sit where their placement says: a caption at the foot or the top, a label on the side of its target it names', () => {
    // A canvas that only measures text (half the font size per character) and draws nothing.
    let font = 10;
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (_, key) =>
        key === 'measureText'
          ? (text: string) => ({ width: text.length * font * 0.5 })
          : key === 'font'
            ? ''
            : () => {},
      set: (_, key, value) => {
        if (key === 'font') font = Number(/(\d+)px/.exec(String(value))?.[1] ?? font);
        return true;
      },
    }) as unknown as Context2D;
    const touched = (callout: Callout, t = 2000) => {
      const frames = calloutsAt([callout], t, DEFAULT_RENDER_SETTINGS, video, identity);
      return paintCallouts(ctx, frames, video, 1)[0];
    };
    const foot = touched(caption);
    const top = touched({ ...caption, placement: 'top' });
    expect(foot && foot.y > video.y + video.height / 2).toBe(true);
    expect(top && top.y + top.height < video.y + video.height / 2).toBe(true);
    expect(top?.x).toBeCloseTo(foot?.x ?? Number.NaN);
    // A label at the middle: by itself below and to the right of its target; told, above and to its left (the
    // touched rectangle holds the target, grown by the arrow head).
    const middle = { ...label, target: { x: 0.5, y: 0.5 } };
    const byItself = touched(middle) as { x: number; y: number; width: number; height: number };
    const aboveLeft = touched({ ...middle, placement: 'above-left' }) as typeof byItself;
    const centre = identity(0.5, 0.5);
    expect(byItself.x).toBeGreaterThan(centre.x - 30);
    expect(byItself.y).toBeGreaterThan(centre.y - 30);
    expect(aboveLeft.x + aboveLeft.width).toBeLessThan(centre.x + 30);
    expect(aboveLeft.y + aboveLeft.height).toBeLessThan(centre.y + 30);
  });

  it('take their colour from the look', () => {
    const background = DEFAULT_RENDER_SETTINGS.background;
    expect(calloutAccent({ ...background, type: 'Color', color: '#ff8800' })).toBe('#ff8800');
    expect(
      calloutAccent({
        ...background,
        type: 'Gradient',
        gradient: {
          kind: 'custom',
          custom: {
            angle: 0,
            stops: [
              { offset: 0, color: '#123456' },
              { offset: 1, color: '#ffffff' },
            ],
          },
        },
      }),
    ).toBe('#123456');
  });

  it('are validated: text length, kind, and an end after the start', () => {
    expect(calloutSchema.safeParse(label).success).toBe(true);
    expect(calloutSchema.safeParse({ ...caption, text: 'x'.repeat(201) }).success).toBe(false);
    expect(calloutSchema.safeParse({ ...caption, kind: 'banner' }).success).toBe(false);
    expect(calloutSchema.safeParse({ ...caption, endMs: caption.startMs }).success).toBe(false);
    expect(calloutSchema.safeParse({ ...caption, placement: 'top' }).success).toBe(true);
    expect(calloutSchema.safeParse({ ...label, placement: 'top' }).success).toBe(false);
    // Text being typed may be empty for a moment: it is saved, and not drawn.
    expect(calloutSchema.safeParse({ ...caption, text: '' }).success).toBe(true);
    expect(calloutsAt([{ ...caption, text: ' ' }], 2000, DEFAULT_RENDER_SETTINGS, video, identity)).toEqual([]);
  });
});
