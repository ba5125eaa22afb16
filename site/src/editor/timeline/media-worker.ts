// The timeline's filmstrip and waveform are decoded here, off the main thread, so reading a long recording never
// holds up playing or scrubbing in the editor.

import { ALL_FORMATS, AudioSampleSink, BlobSource, CanvasSink, Input } from 'mediabunny';
import { errorMessage } from '../../../../shared/errors/error-message';
import { addToWaveform, emptyWaveform } from '../../../../shared/timeline/waveform-peaks';
import type { MediaReply, MediaRequest } from './media-messages';

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<MediaRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

/** How often, in decoded seconds of sound, the waveform read so far is sent. */
const WAVEFORM_UPDATE_SECONDS = 5;

function reply(message: MediaReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

async function thumbnails(input: Input, request: MediaRequest, firstSeconds: number): Promise<void> {
  const track = await input.getPrimaryVideoTrack();
  if (!track || !(await track.canDecode())) return;
  const height = request.thumbnailHeight;
  const width = Math.max(1, Math.round((height * track.displayWidth) / track.displayHeight));
  const sink = new CanvasSink(track, { width, height, fit: 'cover', poolSize: 2 });
  const times = request.thumbnailTimesMs.map((ms) => firstSeconds + ms / 1000);
  let nth = 0;
  for await (const wrapped of sink.canvasesAtTimestamps(times)) {
    const index = request.thumbnailIndices[nth++] as number;
    if (wrapped) {
      const bitmap = await createImageBitmap(wrapped.canvas);
      reply({ type: 'thumbnail', index, bitmap }, [bitmap]);
    }
  }
}

async function waveform(input: Input, request: MediaRequest, firstSeconds: number): Promise<void> {
  if (!request.waveform) return;
  const track = await input.getPrimaryAudioTrack();
  if (!track || !(await track.canDecode())) {
    reply({ type: 'silent' });
    return;
  }
  const peaks = emptyWaveform(request.durationMs);
  const send = (complete: boolean) =>
    reply({ type: 'waveform', bucketMs: peaks.bucketMs, peaks: peaks.peaks.slice(), complete });
  let unsent = 0;
  for await (const sample of new AudioSampleSink(track).samples()) {
    const channel = new Float32Array(sample.numberOfFrames);
    // The loudest of the first two channels: a stereo tab's sound may sit in either.
    for (let plane = 0; plane < Math.min(2, sample.numberOfChannels); plane++) {
      sample.copyTo(channel, { planeIndex: plane, format: 'f32-planar' });
      addToWaveform(peaks, channel, sample.sampleRate, (sample.timestamp - firstSeconds) * 1000);
    }
    unsent += sample.duration;
    sample.close();
    if (unsent >= WAVEFORM_UPDATE_SECONDS) {
      unsent = 0;
      send(false);
    }
  }
  send(true);
}

scope.onmessage = async (event: MessageEvent<MediaRequest>) => {
  const request = event.data;
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(request.video) });
  try {
    // Time 0 of the recording is the video's first frame, as the preview and the export count it.
    const video = await input.getPrimaryVideoTrack();
    const firstSeconds = video ? await video.getFirstTimestamp() : 0;
    await Promise.all([thumbnails(input, request, firstSeconds), waveform(input, request, firstSeconds)]);
    reply({ type: 'done' });
  } catch (error) {
    reply({ type: 'error', message: errorMessage(error) });
  } finally {
    input.dispose();
  }
};
