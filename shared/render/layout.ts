import type { OutputSize } from '../geometry/geometry';
import { fitInside, type Rect } from '../geometry/geometry';
import type { CornerStyle, FrameTheme, Size, StrengthLevel } from '../look/enumerations';
import type { RenderSettings } from '../look/render-settings';

/** Height of the browser chrome as a fraction of the window width. */
const CHROME_HEIGHT: Readonly<Record<FrameTheme, number>> = { Default: 0.042, Minimal: 0.022, Hidden: 0 };

/** Shadow blur and offset in 1080p pixels, and opacity, per strength. */
export const SHADOW: Readonly<Record<StrengthLevel, { blur: number; offsetY: number; alpha: number }>> = {
  None: { blur: 0, offsetY: 0, alpha: 0 },
  Weak: { blur: 24, offsetY: 6, alpha: 0.28 },
  Moderate: { blur: 48, offsetY: 14, alpha: 0.42 },
  Strong: { blur: 80, offsetY: 24, alpha: 0.6 },
};

/** Webcam bubble side as a fraction of the canvas's shorter side. */
export const WEBCAM_SIZE: Readonly<Record<Size, number>> = { small: 0.16, medium: 0.22, large: 0.3, maximum: 0.4 };

/** Corner radius of a shape of the given side length. */
function cornerRadius(style: CornerStyle, side: number, unit: number, circular: number): number {
  if (style === 'Sharp') return 0;
  if (style === 'Rounded') return Math.min(18 * unit, side / 2);
  return circular;
}

/** Where everything goes on the canvas, in canvas pixels. */
export interface FrameLayout {
  readonly canvas: OutputSize;
  /** Canvas pixels per pixel of a 1080p canvas: sizes given for 1080p scale with it. */
  readonly unit: number;
  /** The browser window: chrome plus video. */
  readonly window: Rect;
  /** Where the video is drawn. */
  readonly video: Rect;
  /** The browser chrome above the video, or null when hidden. */
  readonly chrome: Rect | null;
  /** Corner radius of the window. */
  readonly radius: number;
  readonly shadow: { readonly blur: number; readonly offsetY: number; readonly alpha: number } | null;
  readonly border: { readonly width: number; readonly color: string } | null;
  /** The webcam bubble and its corner radius, or null when there is none. */
  readonly webcam: { readonly rect: Rect; readonly radius: number } | null;
}

/** `rect` with its edges moved to the nearest whole pixels. */
function wholePixels(rect: Rect): Rect {
  const x = Math.round(rect.x);
  const y = Math.round(rect.y);
  return { x, y, width: Math.round(rect.x + rect.width) - x, height: Math.round(rect.y + rect.height) - y };
}

/** Lays out the window, chrome and webcam for a video of `video` size on `canvas`. */
export function layoutFrame(
  settings: RenderSettings,
  video: OutputSize,
  canvas: OutputSize,
  hasWebcam: boolean,
): FrameLayout {
  const short = Math.min(canvas.width, canvas.height);
  const unit = short / 1080;
  const backgroundShown = settings.background.type !== 'Hidden';
  const padding = backgroundShown ? settings.padding * short : 0;
  const content: Rect = {
    x: padding,
    y: padding,
    width: canvas.width - 2 * padding,
    height: canvas.height - 2 * padding,
  };
  const chromeShare = CHROME_HEIGHT[settings.frame];
  // Window height = width * (video height / width + chrome share).
  // Whole pixels: the video is drawn unclipped at exact pixel edges, which is several times cheaper to raster.
  const window = wholePixels(fitInside(content, 1 / (video.height / video.width + chromeShare)));
  const chromeHeight = Math.round(window.width * chromeShare);
  const chrome = chromeHeight > 0 ? { ...window, height: chromeHeight } : null;
  const videoRect = {
    x: window.x,
    y: window.y + chromeHeight,
    width: window.width,
    height: window.height - chromeHeight,
  };
  const radius = cornerRadius(
    settings.corners,
    Math.min(window.width, window.height),
    unit,
    Math.min(window.width, window.height) * 0.08,
  );
  const shadowLevel = SHADOW[settings.shadow];
  const shadow =
    backgroundShown && settings.shadow !== 'None'
      ? { blur: shadowLevel.blur * unit, offsetY: shadowLevel.offsetY * unit, alpha: shadowLevel.alpha }
      : null;
  const border =
    settings.border.width > 0 ? { width: settings.border.width * unit, color: settings.border.color } : null;
  let webcam: FrameLayout['webcam'] = null;
  if (hasWebcam && settings.webcam.visible) {
    const side = WEBCAM_SIZE[settings.webcam.size] * short;
    const margin = 0.035 * short;
    const left = settings.webcam.position === 'BottomLeft' || settings.webcam.position === 'TopLeft';
    const top = settings.webcam.position === 'TopLeft' || settings.webcam.position === 'TopRight';
    webcam = {
      rect: {
        x: left ? margin : canvas.width - margin - side,
        y: top ? margin : canvas.height - margin - side,
        width: side,
        height: side,
      },
      radius: settings.webcam.shape === 'Circular' ? side / 2 : settings.webcam.shape === 'Rounded' ? side * 0.2 : 0,
    };
  }
  return { canvas, unit, window, video: videoRect, chrome, radius, shadow, border, webcam };
}
