// The export benchmark's baseline, in a worker of its own like the export: the same source frames the export shows
// (read forward, one per output time), handed straight to the same encoder with the same settings and muxed in
// memory. No composition: what is left is decoding, encoding and muxing, the export's floor.
import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Input,
  Mp4OutputFormat,
  Output,
  Quality,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import { videoFramesAt } from '../../site/src/export/source-frames';

/** What the baseline encodes. */
export interface EncodeOnlyRequest {
  readonly video: Blob;
  readonly codec: 'avc' | 'vp9';
  readonly bitrate: number;
  readonly quantizer: number;
  readonly frameRate: number;
  /** Source time (ms from the first frame) of every output frame. */
  readonly times: readonly number[];
}

/** What the baseline produced. */
export interface EncodeOnlyReply {
  readonly frames: number;
  readonly bytes: number;
}

interface WorkerScope {
  postMessage(message: EncodeOnlyReply | { error: string }): void;
  onmessage: ((event: MessageEvent<EncodeOnlyRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = async ({ data: request }) => {
  try {
    const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(request.video) });
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error('The source has no video.');
    const first = await track.getFirstTimestamp();
    const output = new Output({
      format: request.codec === 'avc' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
      target: new BufferTarget(),
    });
    const source = new VideoSampleSource({
      codec: request.codec,
      quality: new Quality({ quantizer: request.quantizer, bitrate: request.bitrate }),
      keyFrameInterval: 2,
    });
    output.addVideoTrack(source, { frameRate: request.frameRate });
    await output.start();
    let frames = 0;
    for await (const shown of videoFramesAt(
      track,
      request.times.map((t) => first + t / 1000),
    )) {
      const frame = shown.frame.toVideoFrame();
      const sample = new VideoSample(frame, {
        timestamp: frames / request.frameRate,
        duration: 1 / request.frameRate,
      });
      await source.add(sample);
      sample.close();
      frame.close();
      frames++;
    }
    source.close();
    await output.finalize();
    input.dispose();
    scope.postMessage({ frames, bytes: (output.target as BufferTarget).buffer?.byteLength ?? 0 });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
