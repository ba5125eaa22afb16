import { ALL_FORMATS, BlobSource, Input, type VideoSample } from 'mediabunny';
import type { ShownFrame } from '../../../shared/export/frame-choice';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import type { ExportJob } from './export-job';
import { videoFramesAt } from './source-frames';

/** The webcam's frames for an export: one per output frame, and the file to close afterwards. */
export interface WebcamFrames {
  readonly frames: AsyncGenerator<ShownFrame<VideoSample>, void, unknown>;
  close(): Promise<void>;
}

/**
 * The webcam frame showing at each output frame's source time (`times`, ms), at the render engine's webcam time
 * (`webcamTimeAt`, what the frame description carries), read forward like the screen. Where a frame shows no webcam
 * (before the webcam started) its first frame is read as a stand-in the painter leaves out. Null when the recording has no usable webcam: a webcam that cannot be read is left out rather than
 * failing the export.
 */
export async function openWebcamFrames(
  job: Pick<ExportJob, 'webcam' | 'composition'>,
  times: readonly number[],
): Promise<WebcamFrames | null> {
  const { recording, settings } = job.composition;
  if (!job.webcam || !recording.webcam || !settings.webcam.visible) return null;
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(job.webcam) });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track || !(await track.canDecode())) {
      input.dispose();
      return null;
    }
    const first = await track.getFirstTimestamp();
    const frames = videoFramesAt(
      track,
      times.map((t) => first + (webcamTimeAt(recording, settings, t) ?? 0) / 1000),
    );
    return {
      frames,
      async close() {
        await frames.return(undefined);
        input.dispose();
      },
    };
  } catch (error) {
    console.warn('The webcam file cannot be read; the export shows no webcam.', error);
    input.dispose();
    return null;
  }
}
