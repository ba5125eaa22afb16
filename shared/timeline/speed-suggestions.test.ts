import { describe, expect, test } from 'vitest';
import type { Recording } from '../recording/recording';
import { setSpeed } from './speed-edits';
import { SUGGESTIONS, suggestSpeedUps } from './speed-suggestions';
import { addCut, untrimmedEdits } from './timeline';

type Track = Parameters<typeof suggestSpeedUps>[0];

/** Pointer moves every 50 ms over `busy` spans of a 20 s recording; a click at 5 s loads a page at 8 s. */
function track(busy: [number, number][], extra: Partial<Track> = {}): Track {
  const cursor = busy.flatMap(([from, to]) =>
    Array.from({ length: (to - from) / 50 }, (_, i) => ({
      t: from + i * 50,
      x: 0.5,
      y: 0.5,
      cursor: 'default',
      buttons: 0,
    })),
  ) as Recording['cursor'];
  return {
    video: { durationMs: 20_000 } as Recording['video'],
    cursor,
    clicks: [],
    typing: [],
    shortcuts: [],
    scrolls: [],
    visibility: [],
    pages: [{ t: 0, url: 'https://example.com/', title: 'Start' }],
    ...extra,
  };
}

describe('suggested speed-ups', () => {
  test('a stretch with no activity is offered, its ends left at normal speed', () => {
    const suggestions = suggestSpeedUps(
      track([
        [0, 4000],
        [10_000, 20_000],
      ]),
      untrimmedEdits(20_000),
    );
    expect(suggestions).toEqual([{ kind: 'idle', startMs: 3950 + 500, endMs: 9500, rate: SUGGESTIONS.rate.idle }]);
  });

  test('a page load is offered from the click that started it to its load event, and idle inside it is not', () => {
    const recording = track(
      [
        [0, 5000],
        [8000, 20_000],
      ],
      {
        clicks: [{ t: 5000, x: 0.5, y: 0.5, button: 'left', durationMs: 80 }],
        pages: [
          { t: 0, url: 'https://example.com/', title: 'Start' },
          { t: 8000, url: 'https://example.com/next', title: 'Next' },
        ],
      },
    );
    expect(suggestSpeedUps(recording, untrimmedEdits(20_000))).toEqual([
      { kind: 'page-load', startMs: 5300, endMs: 8000, rate: SUGGESTIONS.rate['page-load'] },
    ]);
  });

  test('short pauses, cut or trimmed-out waits and waits already sped up are not offered', () => {
    const recording = track([
      [0, 2000],
      [4000, 20_000],
    ]);
    expect(suggestSpeedUps(recording, untrimmedEdits(20_000))).toEqual([]);
    const idle = track([
      [0, 4000],
      [10_000, 20_000],
    ]);
    expect(suggestSpeedUps(idle, addCut(untrimmedEdits(20_000), { startMs: 3000, endMs: 11_000 }))).toEqual([]);
    expect(suggestSpeedUps(idle, setSpeed(untrimmedEdits(20_000), { startMs: 4000, endMs: 9800 }, 2))).toEqual([]);
  });

  test('a wait a speed-up covers in part is still offered for the part it leaves, at 4× as every wait is', () => {
    const idle = track([
      [0, 4000],
      [10_000, 20_000],
    ]);
    // Idle 4.45 s..9.5 s; 2× over 4 s..6 s leaves 6 s..9.5 s.
    expect(suggestSpeedUps(idle, setSpeed(untrimmedEdits(20_000), { startMs: 4000, endMs: 6000 }, 2))).toEqual([
      { kind: 'idle', startMs: 6000, endMs: 9500, rate: 4 },
    ]);
    // A speed-up in its middle leaves two parts, each long enough.
    expect(
      suggestSpeedUps(idle, setSpeed(untrimmedEdits(20_000), { startMs: 6500, endMs: 7000 }, 2)).map((s) => [
        s.startMs,
        s.endMs,
      ]),
    ).toEqual([
      [4450, 6500],
      [7000, 9500],
    ]);
  });

  test('a recording without a track (an imported video) has no suggestions', () => {
    expect(suggestSpeedUps(track([], { pages: [] }), untrimmedEdits(20_000))).toEqual([]);
  });

  test('a recording from the extension whose pointer never moved still has its waits offered', () => {
    const still = track([], {
      typing: [{ t: 2000 }],
      scrolls: [{ t: 2500, x: 0.5, y: 0.5, deltaX: 0, deltaY: 100, scrollX: 0, scrollY: 100 }],
    });
    expect(suggestSpeedUps(still, untrimmedEdits(20_000))).toEqual([
      { kind: 'idle', startMs: 3000, endMs: 19_500, rate: SUGGESTIONS.rate.idle },
    ]);
  });
});
