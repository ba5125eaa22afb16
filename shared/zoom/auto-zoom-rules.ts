/** Timing rules of automatic zooms (milliseconds, normalized distances); lead-in and hold are settings (ZoomTiming). */
export const AUTO_ZOOM = {
  /**
   * Actions whose zooms (lead-in to hold) come closer than this share one zoom while it stays within `maxDurationMs`;
   * ones whose zooms overlap always do. Never across a page-wide scroll.
   */
  mergeGapMs: 1500,
  /**
   * A zoom lasts at least this long from its lead-in: when lead-in, actions and hold are shorter (a timing under a
   * second), the hold is lengthened to make it up, so a zoom never flickers in and out.
   */
  shortestMs: 1000,
  maxDurationMs: 10_000,
  /** A zoom that the start or end of the video or a page-wide scroll leave shorter than this is left out. */
  shortestKeptMs: 300,
  /** Key presses closer than this form one typing burst; a burst needs this many keys. */
  typingGapMs: 1000,
  typingMinKeys: 3,
  /** The cursor resting within this radius for this long after travelling is a dwell. */
  dwellMs: 1500,
  dwellRadius: 0.012,
  dwellTravel: 0.08,
  /** A dwell holds the zoom at most this long past its detection. */
  dwellHoldMs: 1500,
  /** Scroll events closer than this form one scroll; it is page-wide when the page moved this many viewports. */
  scrollGapMs: 600,
  pageScrollViewports: 0.5,
  /** The camera is zoomed out from this long before a page-wide scroll to this long after it. */
  scrollMarginBeforeMs: 300,
  scrollMarginAfterMs: 500,
} as const;
