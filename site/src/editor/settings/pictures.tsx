import { useEffect, useRef } from 'react';
import type {
  AspectRatio,
  ClickAnimation,
  CornerStyle,
  FrameTheme,
  Size,
  WebcamPosition,
} from '../../../../shared/look/enumerations';
import type { LinearGradient, Wallpaper } from '../../../../shared/look/presets';
import { paintWallpaper } from '../../../../shared/render/backgrounds';

// Small pictures of each option, drawn the way the export draws it where that is cheap (wallpapers by the render
// engine's own painter), else as a sketch in SVG or CSS.

const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 90;

/** A shipped wallpaper, painted by the render engine at thumbnail size. */
export function WallpaperPicture({ wallpaper }: { readonly wallpaper: Wallpaper }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) paintWallpaper(ctx, wallpaper, THUMB_WIDTH, THUMB_HEIGHT);
  }, [wallpaper]);
  return <canvas ref={canvas} className="picture-fill" width={THUMB_WIDTH} height={THUMB_HEIGHT} />;
}

/** A gradient as CSS draws it (the render engine's angles are CSS's). */
export function cssGradient(gradient: LinearGradient): string {
  const stops = gradient.stops.map((stop) => `${stop.color} ${Math.round(stop.offset * 100)}%`).join(', ');
  return `linear-gradient(${gradient.angle}deg, ${stops})`;
}

export function FillPicture({ fill }: { readonly fill: string }) {
  return <span className="picture-fill" style={{ background: fill }} />;
}

/** The window drawn around the video: title bar with dots and address field, a slim bar, or nothing. */
export function FramePicture({ frame }: { readonly frame: FrameTheme }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 80 60" className="picture-sketch">
      <rect x="8" y="10" width="64" height="42" rx="4" className="sketch-window" />
      {frame === 'Default' && (
        <>
          <path d="M8 14a4 4 0 0 1 4-4h56a4 4 0 0 1 4 4v6H8z" className="sketch-bar" />
          <circle cx="14" cy="15" r="1.6" className="sketch-dot" />
          <circle cx="19" cy="15" r="1.6" className="sketch-dot" />
          <circle cx="24" cy="15" r="1.6" className="sketch-dot" />
          <rect x="30" y="12.5" width="36" height="5" rx="2.5" className="sketch-field" />
        </>
      )}
      {frame === 'Minimal' && (
        <>
          <path d="M8 14a4 4 0 0 1 4-4h56a4 4 0 0 1 4 4v1H8z" className="sketch-bar" />
          <circle cx="13" cy="13" r="1.2" className="sketch-dot" />
          <circle cx="17" cy="13" r="1.2" className="sketch-dot" />
          <circle cx="21" cy="13" r="1.2" className="sketch-dot" />
        </>
      )}
    </svg>
  );
}

const CORNER_RADII: Readonly<Record<CornerStyle, number>> = { Sharp: 0, Rounded: 4, Circular: 8 };

/** A corner of the given style, as a segmented control's icon. */
export function CornerIcon({ style }: { readonly style: CornerStyle }) {
  const r = CORNER_RADII[style];
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={`M3 14V${3 + r}${r ? `a${r} ${r} 0 0 1 ${r}-${r}` : ''}H14`} />
    </svg>
  );
}

/** The output's shape at a ratio; the recording's own ratio as a dashed outline. */
export function AspectShape({ ratio }: { readonly ratio: AspectRatio }) {
  const [w, h] = ratio === 'auto' ? [16, 10] : ratio.split(':').map(Number);
  const scale = 22 / Math.max(w ?? 1, h ?? 1);
  const width = (w ?? 1) * scale;
  const height = (h ?? 1) * scale;
  return (
    <svg aria-hidden="true" viewBox="0 0 28 28" className="aspect-shape">
      <rect
        x={14 - width / 2}
        y={14 - height / 2}
        width={width}
        height={height}
        rx="2"
        strokeDasharray={ratio === 'auto' ? '3 2' : undefined}
      />
    </svg>
  );
}

const CURSOR_SCALE: Readonly<Record<Size, number>> = { small: 0.6, medium: 0.8, large: 1, maximum: 1.25 };

/** The arrow cursor the export draws, at a size. */
export function CursorPicture({ size }: { readonly size: Size }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 30" className="picture-sketch">
      <g transform={`translate(20 15) scale(${CURSOR_SCALE[size]}) translate(-6 -10)`}>
        <path d="M0 0v18l4.5-4.3 3 7 3.2-1.4-3-6.8H14z" className="sketch-cursor" />
      </g>
    </svg>
  );
}

/** A click played over and over: the cursor presses and the chosen animation shows under it. */
export function ClickPicture({ animation }: { readonly animation: ClickAnimation }) {
  return (
    <span className="click-preview" data-animation={animation}>
      <span className="click-effect" />
      <svg aria-hidden="true" viewBox="0 0 16 22" className="click-cursor">
        <path d="M0 0v18l4.5-4.3 3 7 3.2-1.4-3-6.8H14z" className="sketch-cursor" />
      </svg>
    </span>
  );
}

/** Where the webcam bubble sits, as a dot in a corner of the picture. */
export function WebcamPositionPicture({ position }: { readonly position: WebcamPosition }) {
  const right = position.endsWith('Right');
  const bottom = position.startsWith('Bottom');
  return (
    <svg aria-hidden="true" viewBox="0 0 80 60" className="picture-sketch">
      <rect x="8" y="8" width="64" height="44" rx="4" className="sketch-window" />
      <circle cx={right ? 60 : 20} cy={bottom ? 40 : 20} r="7" className="sketch-webcam" />
    </svg>
  );
}

/** The webcam bubble's shape. */
export function WebcamShapeIcon({ shape }: { readonly shape: CornerStyle }) {
  const r = { Sharp: 0, Rounded: 3, Circular: 6 }[shape];
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="2" y="2" width="12" height="12" rx={r} />
    </svg>
  );
}
