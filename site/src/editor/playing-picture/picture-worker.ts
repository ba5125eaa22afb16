// The playing preview's frames are composed here, off the page's main thread: the video element presents a frame
// only to a page whose main thread is free at that moment, so painting there made it skip frames (bench:preview).
import { errorMessage } from '../../../../shared/errors/error-message';
import { createPicturePainter, type PicturePainter } from '../../../../shared/render/output/output-painter';
import type { PictureReply, PictureRequest } from './picture-messages';

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: PictureReply, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<PictureRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let painter: { painter: PicturePainter; width: number; height: number } | null = null;
/** Why the planar painter could not be made, when it could not. */
let failure: string | null = null;
/** The source frame showing, kept while the element holds it (the painter reuses what it drew of it). */
let video: VideoFrame | null = null;

async function paint(request: Extract<PictureRequest, { type: 'paint' }>): Promise<PictureReply> {
  const { pixels } = request;
  try {
    if (request.video) {
      video?.close();
      video = request.video;
    }
    if (!painter || !video) return { type: 'unreadable', pixels, message: 'Nothing to paint yet.' };
    const picture = new ImageData(new Uint8ClampedArray(pixels), painter.width, painter.height);
    const painted = await painter.painter.paint(video, request.ms, request.webcam, picture, request.pictureMs);
    return painted
      ? { type: 'painted', pixels }
      : { type: 'unreadable', pixels, message: failure ?? `${video.format} frames` };
  } catch (error) {
    return { type: 'unreadable', pixels, message: errorMessage(error) };
  } finally {
    request.webcam?.close();
  }
}

// One request at a time, in order: a paint awaits the frame's copy, and the next must not start meanwhile.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    if (request.type === 'compose') {
      failure = null;
      painter = {
        painter: createPicturePainter(
          request.composition,
          { width: request.width, height: request.height },
          (error) => {
            failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          },
        ),
        width: request.width,
        height: request.height,
      };
    } else if (request.type === 'release') {
      video?.close();
      video = null;
    } else {
      const reply = await paint(request);
      scope.postMessage(reply, [reply.pixels]);
    }
  });
};
