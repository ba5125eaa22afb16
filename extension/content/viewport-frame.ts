// Where a document's viewport sits in what is captured (the top-level viewport of a recorded tab, or the screen
// while the screen is recorded), and normalizing to it.
import { type PointerSighting, viewportOrigin, viewportOriginOfWindow } from '../../shared/capture/surface-coordinates';
import type { ScreenTracking } from '../../shared/messages/extension-messages';

/** Where this document's viewport sits inside the top-level (captured) viewport, in CSS px of the top page. */
export interface ViewportFrame {
  readonly offsetX: number;
  readonly offsetY: number;
  /** Size of the top-level viewport (what the capture shows), CSS px. */
  readonly width: number;
  readonly height: number;
}

/**
 * The frame of `win` inside what is captured: the sum of same-origin iframe offsets inside the top window, and with
 * `onScreen` (the screen recorded), the top window's viewport placed on the screen, from a pointer event
 * seen in this document (`sighting`: exact) or else from the window's geometry. Null when an ancestor is
 * cross-origin (its position is unknown, so the frame cannot be tracked).
 */
export function viewportFrameOf(
  win: Window,
  onScreen: ScreenTracking | null = null,
  sighting: PointerSighting | null = null,
): ViewportFrame | null {
  let offsetX = 0;
  let offsetY = 0;
  let current: Window = win;
  try {
    while (current !== current.parent) {
      const element = current.frameElement as HTMLElement | null;
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      const style = current.parent.getComputedStyle(element);
      // The iframe's content starts inside its border and padding.
      offsetX += rect.left + element.clientLeft + Number.parseFloat(style.paddingLeft || '0');
      offsetY += rect.top + element.clientTop + Number.parseFloat(style.paddingTop || '0');
      current = current.parent;
    }
    if (!onScreen) return { offsetX, offsetY, width: current.innerWidth, height: current.innerHeight };
    const { zoom } = onScreen;
    const origin = sighting
      ? // An event's positions are getters on its prototype: read each (a spread would copy none).
        viewportOrigin(
          {
            screenX: sighting.screenX,
            screenY: sighting.screenY,
            clientX: offsetX + sighting.clientX,
            clientY: offsetY + sighting.clientY,
          },
          zoom,
        )
      : viewportOriginOfWindow(current, zoom);
    // The whole screen the window is on (one display: its top-left is the desktop's origin), in this page's CSS px.
    return {
      offsetX: offsetX + origin.x / zoom,
      offsetY: offsetY + origin.y / zoom,
      width: current.screen.width / zoom,
      height: current.screen.height / zoom,
    };
  } catch {
    return null;
  }
}

/** Normalizes a point in this document's viewport to the captured viewport (0..1). */
export function normalizePoint(frame: ViewportFrame, clientX: number, clientY: number): { x: number; y: number } {
  return { x: (frame.offsetX + clientX) / frame.width, y: (frame.offsetY + clientY) / frame.height };
}

/** A rectangle in this document's viewport (getBoundingClientRect) normalized to the captured viewport. */
export function normalizeRect(
  frame: ViewportFrame,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  return {
    x: (frame.offsetX + rect.left) / frame.width,
    y: (frame.offsetY + rect.top) / frame.height,
    width: rect.width / frame.width,
    height: rect.height / frame.height,
  };
}
