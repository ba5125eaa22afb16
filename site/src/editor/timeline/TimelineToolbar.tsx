import type { ReactNode } from 'react';

interface TimelineToolbarProps {
  readonly zoom: number;
  readonly maxZoom: number;
  readonly onZoom: (zoom: number) => void;
  readonly onZoomIn: () => void;
  readonly onZoomOut: () => void;
  /** Things beside the zoom controls (the transport's time, tools of other rows). */
  readonly children?: ReactNode;
}

function Icon({ d }: { readonly d: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="toolbar-icon">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The timeline's own controls: zoom out, a zoom slider, zoom in and fit (the keys −, + and 0 do the same). */
export function TimelineToolbar({ zoom, maxZoom, onZoom, onZoomIn, onZoomOut, children }: TimelineToolbarProps) {
  // The slider moves on a log scale: each step looks like the same change.
  const position = Math.log(zoom) / Math.log(Math.max(1.0001, maxZoom));
  return (
    <div className="timeline-toolbar" role="toolbar" aria-label="Timeline">
      <div className="timeline-toolbar-start">{children}</div>
      <div className="timeline-zoom">
        <button
          type="button"
          className="icon-button"
          onClick={onZoomOut}
          disabled={zoom <= 1}
          aria-label="Zoom timeline out"
          title="Zoom out (−)"
        >
          <Icon d="M3.5 8h9" />
        </button>
        <input
          type="range"
          className="timeline-zoom-slider"
          aria-label="Timeline zoom"
          aria-valuetext={`${Math.round(zoom * 100)} %`}
          min={0}
          max={1}
          step={0.01}
          value={position}
          disabled={maxZoom <= 1}
          onChange={(event) => onZoom(maxZoom ** Number(event.currentTarget.value))}
        />
        <button
          type="button"
          className="icon-button"
          onClick={onZoomIn}
          disabled={zoom >= maxZoom}
          aria-label="Zoom timeline in"
          title="Zoom in (+)"
        >
          <Icon d="M3.5 8h9M8 3.5v9" />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => onZoom(1)}
          disabled={zoom <= 1}
          aria-label="Fit timeline"
          title="Fit the whole recording (0)"
        >
          <Icon d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
        </button>
      </div>
    </div>
  );
}
