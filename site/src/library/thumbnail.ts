import { ALL_FORMATS, BlobSource, CanvasSink, Input, type WrappedCanvas } from 'mediabunny';

/** Width of library thumbnails, pixels. */
const THUMBNAIL_WIDTH = 240;

/**
 * A still from a little into the video (the very first frame is often blank), as an image URL; null when unreadable.
 * The frames are read forward from the start, which works on every file, indexed or not (a recording's WebM
 * straight from MediaRecorder has no index, and a lookup by timestamp finds nothing in it).
 */
export async function makeThumbnail(video: Blob, durationMs: number): Promise<string | null> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(video) });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track || !(await track.canDecode())) return null;
    const first = await track.getFirstTimestamp();
    const sink = new CanvasSink(track, {
      width: THUMBNAIL_WIDTH,
      height: Math.round((THUMBNAIL_WIDTH * track.displayHeight) / track.displayWidth),
      fit: 'contain',
    });
    const target = first + Math.min(1, durationMs / 2000);
    let still: WrappedCanvas | null = null;
    for await (const frame of sink.canvases(first)) {
      if (still && frame.timestamp > target) break;
      still = frame;
    }
    if (!still) return null;
    const canvas = still.canvas;
    const blob =
      canvas instanceof OffscreenCanvas
        ? await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })
        : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return blob ? URL.createObjectURL(blob) : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
