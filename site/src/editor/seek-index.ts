import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  Input,
  MatroskaInputFormat,
  MkvOutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/** A rewritten file may end this much earlier than the original (its last frame's rounding) and still be whole. */
const LENGTH_TOLERANCE_SECONDS = 0.1;

/**
 * The same WebM with its duration and a seek index (Cues), rewritten without re-encoding, when `video` lacks them:
 * MediaRecorder writes neither, so players show no length and the editor's video seeks slowly and to the wrong
 * frame. Null when the file needs nothing (MP4, or a WebM that has its duration) or cannot be rewritten whole
 * (then the original stays as it is: nothing is lost, the export reads it anyway).
 */
export async function withSeekIndex(video: Blob): Promise<Blob | null> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(video) });
  try {
    if (!((await input.getFormat()) instanceof MatroskaInputFormat)) return null;
    const track = await input.getPrimaryVideoTrack();
    if (!track || (await track.getDurationFromMetadata()) !== null) return null;
    const length = await input.computeDuration();
    // Chrome's MediaRecorder may also write H.264 into a WebM-labelled file: that goes back into Matroska.
    const webmCodecs: readonly (string | null)[] = ['vp8', 'vp9', 'av1'];
    const format = webmCodecs.includes(await track.getCodec()) ? new WebMOutputFormat() : new MkvOutputFormat();
    const output = new Output({ format, target: new BufferTarget() });
    const conversion = await Conversion.init({ input, output, copy: { mode: 'forced' }, showWarnings: false });
    if (!conversion.isValid || conversion.discardedTracks.length > 0) return null;
    await conversion.execute();
    const buffer = (output.target as BufferTarget).buffer;
    if (!buffer) return null;
    const rewritten = new Blob([buffer], { type: video.type });
    return (await lengthOf(rewritten)) >= length - LENGTH_TOLERANCE_SECONDS ? rewritten : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

async function lengthOf(video: Blob): Promise<number> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(video) });
  try {
    return await input.computeDuration();
  } finally {
    input.dispose();
  }
}
