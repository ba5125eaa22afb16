import { FileError } from '../../../shared/errors/domain-errors';
import { probeVideoFile, storedVideoProblem } from '../editor/open-video';
import { lookUpRecording } from '../recordings/recording-store';
import type { ValidRow } from '../recordings/stored-recording';
import { makeThumbnail } from './thumbnail';

/** What the library learned from a recording's stored video: a still, or why it cannot be played. */
export interface VideoCheck {
  readonly thumbnail: string | null;
  readonly problem: string | null;
}

/**
 * Looks at one stored video: its still, or what is wrong with it (empty, not a video, unreadable). The library
 * loads this module (and mediabunny with it) only once it has a recording to look at.
 */
export async function checkVideo(entry: ValidRow): Promise<VideoCheck> {
  const found = await lookUpRecording(entry.id).catch(() => null);
  const video = found?.video;
  if (!video) return { thumbnail: null, problem: 'Its video is missing from this browser’s storage.' };
  const thumbnail = video.size > 0 ? await makeThumbnail(video, entry.recording.video.durationMs) : null;
  if (thumbnail) return { thumbnail, problem: null };
  // No still: find out whether the video itself is at fault (or only the still could not be made).
  try {
    await probeVideoFile(video, 'Its video', { acceptCutShort: true });
    return { thumbnail: null, problem: null };
  } catch (error) {
    const problem = error instanceof FileError ? storedVideoProblem(error) : String(error);
    return { thumbnail: null, problem: `It cannot be opened: ${problem}` };
  }
}
