/** Timing rules of automatic zooms (milliseconds, normalized distances); lead-in and hold are settings (ZoomTiming). */
export const AUTO_ZOOM = {
  /** Actions closer than this share one zoom. */
  mergeGapMs: 1500,
  /**
   * A zoom lasts at least this long, or lead-in plus hold when they are shorter (so a short timing the user chose
   * shows), but never under `shortestMs`.
   */
  minDurationMs: 2200,
  shortestMs: 1000,
  maxDurationMs: 10_000,
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
