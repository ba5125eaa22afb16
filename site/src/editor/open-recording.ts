import { type EditDocument, newEditDocument } from '../../../shared/edits/edit-document';
import { trackMismatch } from '../../../shared/edits/track-match';
import { InvalidRecordingError, parseRecording, type Recording } from '../../../shared/recording/recording';
import { autoZoomSegments } from '../../../shared/zoom/auto-zoom';
import { rememberedRenderSettings } from '../preferences/preferences';
import { getRecording, replaceMedia, saveRecording } from '../recordings/recording-store';
import { loadEdits } from './edit-store';
import { probeVideoFile, recordingForVideo, UnopenableFileError } from './open-video';
import { withSeekIndex } from './seek-index';

/** A recording ready to edit: metadata, media and its edits (saved ones, or fresh ones). */
export interface OpenedRecording {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly initial: EditDocument;
}

/** A new recording's first edits: the last-used look and automatic zooms from its track. */
function freshEdits(recording: Recording): EditDocument {
  const settings = rememberedRenderSettings();
  const zooms = recording.cursor.length > 0 ? autoZoomSegments(recording, { depth: settings.zoomDepth }) : [];
  return newEditDocument(recording.video.durationMs, zooms, settings);
}

/**
 * Opens a stored recording with its saved edits; null when it is not in the library. A recording straight from the
 * extension (MediaRecorder's WebM: no duration, no seek index) (and its webcam file) is rewritten with both on its first opening, and the
 * library keeps the rewritten file, so the preview seeks to the exact frame and other players show its length.
 */
export async function openStoredRecording(id: string): Promise<OpenedRecording | null> {
  const stored = await getRecording(id);
  if (!stored) return null;
  let { recording, video, webcam } = stored;
  const indexedVideo = await withSeekIndex(video);
  if (indexedVideo) {
    recording = (await replaceMedia(id, 'video', indexedVideo).catch(() => null)) ?? recording;
    video = indexedVideo;
  }
  const indexedWebcam = webcam ? await withSeekIndex(webcam) : null;
  if (indexedWebcam) {
    recording = (await replaceMedia(id, 'webcam', indexedWebcam).catch(() => null)) ?? recording;
    webcam = indexedWebcam;
  }
  const saved = await loadEdits(id).catch(() => null);
  return {
    recording,
    video,
    webcam,
    initial: saved ?? freshEdits(recording),
  };
}

/**
 * Opens dropped or picked files: a video alone, or a video with its cursor track (a .json recording).
 * The files are checked before anything is stored, then saved to the library so edits can be autosaved.
 */
export async function openFiles(files: readonly File[]): Promise<OpenedRecording> {
  const videoFile = files.find((f) => !isJson(f));
  const trackFile = files.find(isJson);
  if (!videoFile) throw new UnopenableFileError('Add the video file too: a cursor track alone cannot be edited.');
  const probed = await probeVideoFile(videoFile, `“${videoFile.name}”`);
  let recording: Recording;
  if (trackFile) {
    let track: Recording;
    try {
      track = parseRecording(JSON.parse(await trackFile.text()));
    } catch (error) {
      const reason = error instanceof InvalidRecordingError ? error.message : 'it is not JSON';
      throw new UnopenableFileError(`“${trackFile.name}” is not a Clickreel cursor track: ${reason}`);
    }
    const mismatch = trackMismatch(track, probed);
    if (mismatch) throw new UnopenableFileError(`“${trackFile.name}” does not match “${videoFile.name}”. ${mismatch}`);
    recording = {
      ...track,
      video: {
        ...track.video,
        mimeType: videoFile.type || track.video.mimeType,
        durationMs: probed.durationMs,
        size: videoFile.size,
      },
    };
  } else {
    recording = recordingForVideo(videoFile, videoFile.name.replace(/\.[^.]+$/, ''), probed);
  }
  // A WebM another recorder wrote without an index is stored with one, like the extension's recordings.
  const video = (await withSeekIndex(videoFile)) ?? videoFile;
  recording = { ...recording, video: { ...recording.video, size: video.size } };
  await saveRecording(recording, video);
  return { recording, video, webcam: null, initial: freshEdits(recording) };
}

function isJson(file: File): boolean {
  return file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
}
