import { ALL_FORMATS, BlobSource, Input, type VideoSample, VideoSampleSink } from 'mediabunny';
import type { ExportJob } from './export-job';

/**
 * The webcam frame for each output frame (null before the webcam started), or null when the recording has no
 * usable webcam: a webcam that cannot be read is left out rather than failing the export.
 */
export async function openWebcamFrames(
  job: Pick<ExportJob, 'webcam' | 'recording' | 'settings'>,
  times: readonly number[],
): Promise<AsyncGenerator<VideoSample | null, void, unknown> | null> {
  const info = job.recording.webcam;
  if (!job.webcam || !info || !job.settings.webcam.visible) return null;
  try {
    const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(job.webcam) });
    const track = await input.getPrimaryVideoTrack();
    if (!track || !(await track.canDecode())) return null;
    const first = await track.getFirstTimestamp();
    return new VideoSampleSink(track).samplesAtTimestamps(
      times.map((t) => first + Math.max(0, t - info.offsetMs) / 1000),
    );
  } catch {
    return null;
  }
}
