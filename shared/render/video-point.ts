import type { FrameDescription } from './frame-at';

/**
 * The point of the video (normalized, 0..1) that a canvas point of this frame shows, through the camera: where a
 * click on the preview lands on the recorded page. Null outside the video's rectangle.
 */
export function videoPointAt(
  description: Pick<FrameDescription, 'layout' | 'camera'>,
  canvasX: number,
  canvasY: number,
): { x: number; y: number } | null {
  const { video } = description.layout;
  const across = (canvasX - video.x) / video.width;
  const down = (canvasY - video.y) / video.height;
  if (across < 0 || across > 1 || down < 0 || down > 1) return null;
  const { rect } = description.camera;
  return { x: rect.x + across * rect.width, y: rect.y + down * rect.height };
}
