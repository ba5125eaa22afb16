import type { Point, Rect } from '../geometry/geometry';

// A window or screen recording is drawn from events every Chrome tab logs in its own page's CSS pixels. These map
// them into the captured surface, normalised like every track position (0..1 of the surface; README of
// shared/recording). Screen positions are DIPs (device-independent pixels: window.screenX, MouseEvent.screenX and
// chrome.windows / chrome.system.display bounds all use them), so a display's scale factor never enters: a 2×
// display's surface is as many DIPs as a 1× one of the same size, and the video's extra pixels are covered by the
// normalisation.

/** Where a pointer event was: on the screen (DIPs) and in its page (CSS px), as MouseEvent reports both. */
export interface PointerSighting {
  readonly screenX: number;
  readonly screenY: number;
  readonly clientX: number;
  readonly clientY: number;
}

/**
 * Where the page's viewport starts on the screen (DIPs), from one pointer event seen in it: the browser's own UI
 * (tab strip, address bar, side panel, borders) and the window's position are both in the difference, so nothing
 * about them is guessed. `pageZoom` is the tab's zoom (1 at 100 %: CSS px are DIPs).
 */
export function viewportOrigin(sighting: PointerSighting, pageZoom: number): Point {
  return { x: sighting.screenX - sighting.clientX * pageZoom, y: sighting.screenY - sighting.clientY * pageZoom };
}

/** A browser window's place on the screen and its page's size, as the page reads them (window.screenX …). */
export interface WindowGeometry {
  readonly screenX: number;
  readonly screenY: number;
  readonly outerWidth: number;
  readonly outerHeight: number;
  readonly innerWidth: number;
  readonly innerHeight: number;
}

/**
 * Where the page's viewport starts on the screen (DIPs) from the window's geometry alone, before any pointer event:
 * the side borders split what the window is wider than its page, the bottom border is as wide as a side one, and
 * the rest of the height is the browser's UI above the page. A pointer event (viewportOrigin) is exact; this is
 * for boxes measured before one.
 */
export function viewportOriginOfWindow(window: WindowGeometry, pageZoom: number): Point {
  const border = Math.max(0, (window.outerWidth - window.innerWidth * pageZoom) / 2);
  return {
    x: window.screenX + border,
    y: window.screenY + window.outerHeight - window.innerHeight * pageZoom - border,
  };
}

/** A page's point (CSS px) on the screen (DIPs), given its viewport's origin there. */
export function pageToScreen(point: Point, origin: Point, pageZoom: number): Point {
  return { x: origin.x + point.x * pageZoom, y: origin.y + point.y * pageZoom };
}

/** A screen point (DIPs) normalised to the captured surface's bounds (DIPs on the screen). */
export function screenToSurface(point: Point, surface: Rect): Point {
  return { x: (point.x - surface.x) / surface.width, y: (point.y - surface.y) / surface.height };
}

/** A page's rectangle (CSS px; an element's box) normalised to the captured surface. */
export function pageRectToSurface(rect: Rect, origin: Point, pageZoom: number, surface: Rect): Rect {
  const topLeft = screenToSurface(pageToScreen(rect, origin, pageZoom), surface);
  return {
    ...topLeft,
    width: (rect.width * pageZoom) / surface.width,
    height: (rect.height * pageZoom) / surface.height,
  };
}

/** A display as chrome.system.display reports it: its bounds on the virtual desktop (DIPs) and its scale. */
export interface DisplayBounds {
  readonly id: string;
  readonly bounds: Rect;
  readonly scaleFactor: number;
}

/** The display a screen point (DIPs) is on; null when it is on none (between displays of different heights). */
export function displayAt(point: Point, displays: readonly DisplayBounds[]): DisplayBounds | null {
  return (
    displays.find(
      ({ bounds: b }) => point.x >= b.x && point.x < b.x + b.width && point.y >= b.y && point.y < b.y + b.height,
    ) ?? null
  );
}
