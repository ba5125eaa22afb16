// Where a document's viewport sits in the captured (top-level) viewport, and normalizing to it.

/** Where this document's viewport sits inside the top-level (captured) viewport, in CSS px of the top page. */
export interface ViewportFrame {
  readonly offsetX: number;
  readonly offsetY: number;
  /** Size of the top-level viewport (what the capture shows), CSS px. */
  readonly width: number;
  readonly height: number;
}

/**
 * The frame of `win` inside the top window: the sum of same-origin iframe offsets. Null when an
 * ancestor is cross-origin (its position is unknown, so the frame cannot be tracked).
 */
export function viewportFrameOf(win: Window): ViewportFrame | null {
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
    return { offsetX, offsetY, width: current.innerWidth, height: current.innerHeight };
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
