import { TrackCanvas, type VisibleStretch } from './TrackCanvas';
import type { TimelineMediaState } from './timeline-media';

/** The thumbnail read nearest to `ms` (null until one has arrived). */
function nearestThumbnail(media: TimelineMediaState, ms: number): ImageBitmap | null {
  const times = media.thumbnailTimesMs;
  let best: ImageBitmap | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times.length; i++) {
    const bitmap = media.thumbnails[i];
    const distance = Math.abs((times[i] ?? 0) - ms);
    if (bitmap && distance < bestDistance) {
      best = bitmap;
      bestDistance = distance;
    }
  }
  return best;
}

/** The filmstrip: the recording's frames as tiles side by side, each showing the moment at its middle. */
export function Filmstrip({ media, aspect }: { readonly media: TimelineMediaState; readonly aspect: number }) {
  const draw = (context: CanvasRenderingContext2D, stretch: VisibleStretch) => {
    const { msPerPx, width, height, scrollLeft } = stretch;
    const tile = Math.max(24, height * aspect);
    // Tiles are fixed to the track: the first is the one the left edge cuts through.
    const firstTile = Math.floor(scrollLeft / tile);
    for (let k = firstTile; k * tile < scrollLeft + width; k++) {
      const x = k * tile - scrollLeft;
      const bitmap = nearestThumbnail(media, (k * tile + tile / 2) * msPerPx);
      if (bitmap) context.drawImage(bitmap, x, 0, tile, height);
      // A hairline between tiles, as a film's frame lines.
      context.fillStyle = 'rgb(0 0 0 / 0.35)';
      context.fillRect(x, 0, 1, height);
    }
  };
  const loaded = media.thumbnails.filter(Boolean).length;
  return <TrackCanvas className="filmstrip" draw={draw} version={`${loaded}-${aspect}`} />;
}
