import { Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton, Slider } from '../../../../shared/ui';

interface TimelineToolbarProps {
  readonly zoom: number;
  readonly maxZoom: number;
  readonly onZoom: (zoom: number) => void;
  readonly onZoomIn: () => void;
  readonly onZoomOut: () => void;
  /** Things beside the zoom controls (the transport's time, tools of other rows). */
  readonly children?: ReactNode;
}

/** The timeline's own controls: zoom out, a zoom slider, zoom in and fit (the keys −, + and 0 do the same). */
export function TimelineToolbar({ zoom, maxZoom, onZoom, onZoomIn, onZoomOut, children }: TimelineToolbarProps) {
  // The slider moves on a log scale: each step looks like the same change.
  const position = Math.log(zoom) / Math.log(Math.max(1.0001, maxZoom));
  return (
    <div className="timeline-toolbar" role="toolbar" aria-label="Timeline">
      <div className="timeline-toolbar-start">{children}</div>
      <div className="timeline-zoom">
        <IconButton
          size="small"
          icon={<ZoomOut />}
          label="Zoom timeline out"
          shortcut="−"
          onClick={onZoomOut}
          disabled={zoom <= 1}
        />
        <div className="timeline-zoom-slider">
          <Slider
            label="Timeline zoom"
            compact
            value={position}
            min={0}
            max={1}
            step={0.01}
            format={() => `${Math.round(zoom * 100)} %`}
            disabled={maxZoom <= 1}
            onChange={(next) => onZoom(maxZoom ** next)}
          />
        </div>
        <IconButton
          size="small"
          icon={<ZoomIn />}
          label="Zoom timeline in"
          shortcut="+"
          onClick={onZoomIn}
          disabled={zoom >= maxZoom}
        />
        <IconButton
          size="small"
          icon={<Maximize2 />}
          label="Fit timeline"
          shortcut="0"
          onClick={() => onZoom(1)}
          disabled={zoom <= 1}
        />
      </div>
    </div>
  );
}
