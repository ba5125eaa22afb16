import { describe, expect, test } from 'vitest';
import { clampTimelineZoom, maxTimelineZoom, scrollAfterZoom, scrollToShow, tickSeconds } from './timeline-view';

describe('the timeline view', () => {
  test('zoom stays between the whole recording and a frame about 24 px wide', () => {
    expect(maxTimelineZoom(10_000, 1000 / 30)).toBeCloseTo(7.2);
    expect(maxTimelineZoom(500, 1000 / 30)).toBe(1);
    expect(clampTimelineZoom(0.5, 10_000, 1000 / 30)).toBe(1);
    expect(clampTimelineZoom(100, 10_000, 1000 / 30)).toBeCloseTo(7.2);
    expect(clampTimelineZoom(Number.NaN, 10_000, 1000 / 30)).toBe(1);
  });

  test('zooming keeps the moment under the anchor where it was', () => {
    const viewport = { width: 1000, scrollLeft: 0 };
    // At fit, x = 250 is a quarter of the way; at 2x a quarter is x = 500 of the track: scrolled 250 to stay at 250.
    expect(scrollAfterZoom(viewport, 1, 2, 250)).toBe(250);
    // Back out to fit: no scrolling left.
    expect(scrollAfterZoom({ width: 1000, scrollLeft: 250 }, 2, 1, 250)).toBe(0);
    // Never past the end of the track.
    expect(scrollAfterZoom(viewport, 1, 2, 1000)).toBe(1000);
  });

  test('playback scrolls a page on only when the playhead leaves the view', () => {
    const viewport = { width: 1000, scrollLeft: 0 };
    expect(scrollToShow(viewport, 4, 40_000, 5_000)).toBe(0);
    expect(scrollToShow(viewport, 4, 40_000, 12_000)).toBe(1100);
    expect(scrollToShow(viewport, 4, 40_000, 40_000)).toBe(3000);
  });

  test('tick labels stand apart at any magnification', () => {
    expect(tickSeconds(1000)).toBe(0.1);
    expect(tickSeconds(100)).toBe(1);
    expect(tickSeconds(20)).toBe(5);
    expect(tickSeconds(0.01)).toBe(600);
  });
});
