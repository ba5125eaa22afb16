import { type EditDocument, newEditDocument } from '../../../shared/edits/edit-document';
import { trackMismatch } from '../../../shared/edits/track-match';
import {
  FileError,
  RecordingError,
  RecordingUnavailableError,
  StorageError,
} from '../../../shared/errors/domain-errors';
import { errorMessage } from '../../../shared/errors/error-message';
import { parseRecording, type Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import { autoZoomSegments } from '../../../shared/zoom/auto-zoom';
import { newRecordingSettings } from '../preferences/presets';
import { lookUpRecording, replaceMedia, saveRecording } from '../recordings/recording-store';
import { type ProbedVideoFile, probeVideoFile, recordingForVideo, storedVideoProblem } from './open-video';
import { loadEdits } from './saved-edits';
import { withSeekIndex } from './seek-index';

/**
 * How much earlier than the recording's length its media may end before it counts as cut short. A still
 * page sends no new frames (its last one holds), but tab audio runs on to the end; a recorder that died
 * leaves seconds missing.
 */
export const CUT_SHORT_TOLERANCE_MS = 1000;

/**
 * Where a recording's picture really ends when that is before its length (ms), else null. A recording the extension
 * recovered after its process died is judged by its video alone: the encoder can run seconds behind on a loaded
 * machine, and what it had not written is lost while the sound went on; any other recording by its last packet of
 * any kind, since a still page sends no new frames while its sound goes on.
 */
export function pictureEndsEarlyAt(
  recording: Pick<Recording, 'recovered' | 'video'>,
  probed: { readonly mediaEndMs: number; readonly videoEndMs: number },
): number | null {
  const end = recording.recovered ? probed.videoEndMs : probed.mediaEndMs;
  return end < recording.video.durationMs - CUT_SHORT_TOLERANCE_MS ? end : null;
}

/** A recording ready to edit: metadata, media and its edits (saved ones, or fresh ones). */
export interface OpenedRecording {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly initial: EditDocument;
  /** Where the video really ends when that is before the end of its track (ms), else null. */
  readonly videoEndsAtMs: number | null;
  /** Opened as its video alone, because its track is damaged. */
  readonly videoOnly: boolean;
  /** What to tell about the opening: which file was opened, which were not and why. */
  readonly notes: readonly string[];
}

/** A new recording's first edits: the default preset or the last-used look, and automatic zooms from its track. */
function freshEdits(recording: Recording): EditDocument {
  const settings = newRecordingSettings();
  const zooms = hasCursorTrack(recording)
    ? autoZoomSegments(recording, { depth: settings.zoomDepth, timing: settings.zoomTiming })
    : [];
  return newEditDocument(recording.video.durationMs, zooms, settings);
}

/**
 * Probes a stored video (one whose end is missing still opens: the editor says so); its problems are told
 * about the recording, not about a file the user picked.
 */
async function probeStoredVideo(video: Blob, name: string, id: string): Promise<ProbedVideoFile> {
  try {
    return await probeVideoFile(video, `The video of “${name}”`, { acceptCutShort: true });
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    throw new RecordingUnavailableError(`“${name}” cannot be opened: ${storedVideoProblem(error)}`, id, false);
  }
}

/**
 * Opens a stored recording with its saved edits; null when it is not in the library. A recording that
 * cannot be opened throws RecordingUnavailableError saying why. With `videoOnly`, a recording whose track
 * is damaged opens as its video alone (nothing stored is changed).
 */
export async function openStoredRecording(
  id: string,
  { videoOnly = false }: { videoOnly?: boolean } = {},
): Promise<OpenedRecording | null> {
  const found = await lookUpRecording(id);
  if (!found) return null;
  const { entry, video, webcam } = found;
  const name = entry.state === 'valid' ? entry.recording.name : entry.name;
  if (entry.videoProblem || !video) {
    const problem = entry.videoProblem ?? 'Its video is missing from this browser’s storage.';
    throw new RecordingUnavailableError(`“${name}” cannot be opened. ${problem}`, id, false);
  }
  if (entry.state === 'damaged') {
    if (!videoOnly) throw new RecordingUnavailableError(`“${name}” cannot be opened. ${entry.problem}`, id, true);
    const probed = await probeStoredVideo(video, name, id);
    const recording: Recording = {
      ...recordingForVideo(video, name, probed),
      id,
      createdAt:
        entry.createdAt && !Number.isNaN(Date.parse(entry.createdAt)) ? entry.createdAt : new Date().toISOString(),
    };
    const saved = await savedEdits(id, name);
    const initial =
      saved.edits && saved.edits.timeline.trim.endMs <= probed.durationMs ? saved.edits : freshEdits(recording);
    return { recording, video, webcam: null, initial, videoEndsAtMs: null, videoOnly: true, notes: saved.notes };
  }
  // Straight from the extension, the WebM has no duration and no seek index (MediaRecorder writes neither): it is
  // rewritten with both on its first opening, and the library keeps the rewritten files, so the preview seeks to the
  // exact frame and other players show its length.
  const repaired = await repairMedia(id, entry.recording, video, webcam);
  const probed = await probeStoredVideo(repaired.video, name, id);
  const saved = await savedEdits(id, name);
  return {
    recording: repaired.recording,
    video: repaired.video,
    webcam: repaired.webcam,
    initial: saved.edits ?? freshEdits(repaired.recording),
    videoEndsAtMs: pictureEndsEarlyAt(repaired.recording, probed),
    videoOnly: false,
    notes: [...repaired.notes, ...saved.notes],
  };
}

/**
 * The recording's files with a seek index where they lacked one, written back to the library in one transaction.
 * A write that fails is told (the files open repaired all the same, and are repaired again next time).
 */
async function repairMedia(
  id: string,
  recording: Recording,
  video: Blob,
  webcam: Blob | null,
): Promise<{ recording: Recording; video: Blob; webcam: Blob | null; notes: string[] }> {
  const rewrittenVideo = await withSeekIndex(video);
  const rewrittenWebcam = webcam ? await withSeekIndex(webcam) : null;
  const repaired = { video: rewrittenVideo ?? video, webcam: rewrittenWebcam ?? webcam };
  if (!rewrittenVideo && !rewrittenWebcam) return { recording, ...repaired, notes: [] };
  try {
    const stored = await replaceMedia(id, {
      ...(rewrittenVideo ? { video: rewrittenVideo } : {}),
      ...(rewrittenWebcam ? { webcam: rewrittenWebcam } : {}),
    });
    return { recording: stored ?? recording, ...repaired, notes: [] };
  } catch (error) {
    console.warn('The repaired recording could not be stored.', error);
    return {
      recording,
      ...repaired,
      notes: [
        `The recording was repaired for editing, but the repaired file could not be stored: ${errorMessage(error)}`,
      ],
    };
  }
}

/** The recording's saved edits; a library that cannot be read is told, and the edits start fresh. */
async function savedEdits(id: string, name: string): Promise<{ edits: EditDocument | null; notes: string[] }> {
  try {
    return { edits: await loadEdits(id), notes: [] };
  } catch (error) {
    // Opening afresh would autosave over edits this page cannot read: the recording stays closed until it updates.
    if (error instanceof StorageError && error.kind === 'newer-version')
      throw new RecordingUnavailableError(
        `“${name}” was edited in a newer version of Clickreel. Reload this page to update Clickreel; its edits are kept.`,
        id,
        false,
      );
    console.warn('The saved edits could not be read.', error);
    return {
      edits: null,
      notes: [`Your saved edits could not be read (${errorMessage(error)}); the edits start afresh.`],
    };
  }
}

/** The files of one opening: the video, its track, and those left out with the reason. */
export interface FilePick {
  readonly video: File | null;
  readonly track: File | null;
  readonly leftOut: readonly { readonly file: File; readonly reason: string }[];
}

/** Sorts picked or dropped files: the first video and the first cursor track are opened; the rest are not, and why. */
export function pickFiles(files: readonly File[]): FilePick {
  let video: File | null = null;
  let track: File | null = null;
  const leftOut: { file: File; reason: string }[] = [];
  for (const file of files) {
    if (isJson(file)) {
      if (!track) track = file;
      else leftOut.push({ file, reason: 'only one cursor track goes with a video' });
    } else if (!video) video = file;
    else leftOut.push({ file, reason: 'the editor opens one video at a time; open it on its own' });
  }
  return { video, track, leftOut };
}

/**
 * Opens dropped or picked files: a video alone, or a video with its cursor track (a .json recording).
 * The files are checked before anything is stored, then saved to the library so edits can be autosaved.
 * A track whose id is already in the library is stored under a fresh id: both are kept.
 */
export async function openFiles(files: readonly File[]): Promise<OpenedRecording> {
  const { video: videoFile, track: trackFile, leftOut } = pickFiles(files);
  if (!videoFile) throw new FileError('track', 'Add the video file too: a cursor track alone cannot be edited.');
  const probed = await probeVideoFile(videoFile, `“${videoFile.name}”`);
  let recording: Recording;
  if (trackFile) {
    let track: Recording;
    try {
      track = parseRecording(JSON.parse(await trackFile.text()));
    } catch (error) {
      const reason = error instanceof RecordingError ? error.message : 'it is not JSON';
      throw new FileError('track', `“${trackFile.name}” is not a Clickreel cursor track: ${reason}`);
    }
    const mismatch = trackMismatch(track, probed);
    if (mismatch) throw new FileError('track', `“${trackFile.name}” does not match “${videoFile.name}”. ${mismatch}`);
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
  const stored = await saveRecording(recording, video);
  const opened = trackFile
    ? `Opened “${videoFile.name}” with its cursor track “${trackFile.name}”.`
    : `Opened “${videoFile.name}”.`;
  const notes =
    leftOut.length === 0
      ? []
      : [opened, ...leftOut.map(({ file, reason }) => `“${file.name}” was not opened: ${reason}.`)];
  if (stored.id !== recording.id) {
    notes.push(`A recording with this track’s id was already in your library; both are kept, this one as a copy.`);
  }
  return {
    recording: stored,
    video,
    webcam: null,
    initial: freshEdits(stored),
    // An MP4 cut short keeps its whole index: it opens at its promised length, with where its frames end told.
    videoEndsAtMs: pictureEndsEarlyAt(stored, probed),
    videoOnly: false,
    notes,
  };
}

function isJson(file: File): boolean {
  return file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
}
