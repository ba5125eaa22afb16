import { describe, expect, test } from 'vitest';
import {
  type DisplayBounds,
  displayAt,
  pageRectToSurface,
  screenToSurface,
  viewportOrigin,
  viewportOriginOfWindow,
} from './surface-coordinates';

// Two displays side by side as chrome.system.display reports them: a 1920×1080 one at scale 1 and, to its right,
// a 2560×1600-pixel one at scale 2 (1280×800 DIPs), tops aligned.
const LEFT: DisplayBounds = { id: 'left', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, scaleFactor: 1 };
const RIGHT: DisplayBounds = { id: 'right', bounds: { x: 1920, y: 0, width: 1280, height: 800 }, scaleFactor: 2 };

describe('a page’s points and boxes in a captured window or screen', () => {
  test('the viewport’s origin comes from one pointer event: window position and browser UI both in it', () => {
    // A window at (100, 50) whose tab strip and address bar take 87 DIPs: a pointer at client (10, 20) is on the
    // screen at (110, 157).
    expect(viewportOrigin({ screenX: 110, screenY: 157, clientX: 10, clientY: 20 }, 1)).toEqual({ x: 100, y: 137 });
    // At 150 % page zoom a CSS pixel is 1.5 DIPs.
    expect(viewportOrigin({ screenX: 115, screenY: 167, clientX: 10, clientY: 20 }, 1.5)).toEqual({ x: 100, y: 137 });
  });

  test('before any pointer event, the window’s geometry gives the same origin (browser UI above, borders aside)', () => {
    // Chromium's window measured under Xvfb: at (50, 40), 1000×700 outside, its page 1000×613; a pointer event there
    // put the viewport at (50, 127).
    const window = { screenX: 50, screenY: 40, outerWidth: 1000, outerHeight: 700, innerWidth: 1000, innerHeight: 613 };
    expect(viewportOriginOfWindow(window, 1)).toEqual({ x: 50, y: 127 });
    expect(viewportOrigin({ screenX: 400, screenY: 300, clientX: 350, clientY: 173 }, 1)).toEqual({ x: 50, y: 127 });
    // With 8-DIP borders (Windows) and the page at 125 %.
    const bordered = { ...window, outerWidth: 1016, outerHeight: 708, innerWidth: 800, innerHeight: 480 };
    expect(viewportOriginOfWindow(bordered, 1.25)).toEqual({ x: 58, y: 40 + 708 - 600 - 8 });
  });

  test('a window capture: a point at the window’s corner is 0, its far corner 1; an element box keeps its shape', () => {
    const window = { x: 100, y: 50, width: 1200, height: 800 };
    expect(screenToSurface({ x: 100, y: 50 }, window)).toEqual({ x: 0, y: 0 });
    expect(screenToSurface({ x: 1300, y: 850 }, window)).toEqual({ x: 1, y: 1 });
    const origin = { x: 100, y: 137 };
    const button = { x: 500, y: 300, width: 120, height: 40 };
    expect(pageRectToSurface(button, origin, 1, window)).toEqual({
      x: 500 / 1200,
      y: 387 / 800,
      width: 120 / 1200,
      height: 40 / 800,
    });
    // The window moved 200 DIPs right: the same page point is 200 DIPs further along the screen's surface.
    const screen = LEFT.bounds;
    const before = pageRectToSurface(button, origin, 1, screen);
    const after = pageRectToSurface(button, { x: 300, y: 137 }, 1, screen);
    expect((after.x - before.x) * screen.width).toBeCloseTo(200, 9);
  });

  test('device pixel ratio 1 and 2 map alike: positions are DIPs, the display’s scale only adds video pixels', () => {
    // The same window on the scale-2 display: its page reports the same screen DIPs and client CSS px.
    const sighting = { screenX: 2020, screenY: 137, clientX: 100, clientY: 50 };
    const origin = viewportOrigin(sighting, 1);
    const onRight = pageRectToSurface({ x: 100, y: 50, width: 64, height: 32 }, origin, 1, RIGHT.bounds);
    expect(onRight).toEqual({ x: 100 / 1280, y: 137 / 800, width: 64 / 1280, height: 32 / 800 });
    // Times the video's size (2560×1600), the box is 128×64 video pixels: twice its CSS size, as the display shows it.
    expect([onRight.width * 2560, onRight.height * 1600]).toEqual([128, 64]);
  });

  test('two displays side by side: each point is on the display it is over, none between them', () => {
    expect(displayAt({ x: 1919, y: 500 }, [LEFT, RIGHT])?.id).toBe('left');
    expect(displayAt({ x: 1920, y: 500 }, [LEFT, RIGHT])?.id).toBe('right');
    // Below the shorter right display's bottom edge there is no screen.
    expect(displayAt({ x: 2000, y: 900 }, [LEFT, RIGHT])).toBeNull();
    // A point on the right display, captured as the whole right screen, is normalised to that display.
    expect(screenToSurface({ x: 2560, y: 400 }, RIGHT.bounds)).toEqual({ x: 0.5, y: 0.5 });
  });
});
