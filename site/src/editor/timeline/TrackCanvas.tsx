import { useEffect, useRef } from 'react';
import { useTimelineScale } from './timeline-scale';

/** The visible stretch of the track a canvas draws: from `fromMs`, `msPerPx` per CSS pixel, `width` × `height` px. */
export interface VisibleStretch {
  readonly fromMs: number;
  readonly msPerPx: number;
  readonly width: number;
  readonly height: number;
  /** Track pixels scrolled out of view on the left (to keep tiles fixed to the track as it scrolls). */
  readonly scrollLeft: number;
}

interface TrackCanvasProps {
  readonly className: string;
  /** Draws the stretch, in CSS pixels (the context is scaled to the screen's pixels). */
  readonly draw: (context: CanvasRenderingContext2D, stretch: VisibleStretch) => void;
  /** Changes that need a redraw, besides scrolling and zooming. */
  readonly version: unknown;
}

/**
 * A canvas as wide as the visible part of the track that stays in view while the track scrolls, drawing only what
 * is visible: a zoomed-in hour of filmstrip never needs a canvas an hour wide.
 */
export function TrackCanvas({ className, draw, version }: TrackCanvasProps) {
  const scale = useTimelineScale();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, scrollLeft } = scale.viewport;
  const { zoom, durationMs } = scale;
  const drawRef = useRef(draw);
  drawRef.current = draw;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says when what is drawn changed
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || width <= 0) return;
    const height = canvas.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const msPerPx = durationMs / (width * zoom);
    drawRef.current(context, { fromMs: scrollLeft * msPerPx, msPerPx, width, height, scrollLeft });
  }, [width, scrollLeft, zoom, durationMs, version]);

  return <canvas ref={canvasRef} className={`track-canvas ${className}`} style={{ width }} />;
}
