// The page of bench:encoder-memory: Chromium's WebCodecs H.264 encoder on its own, none of Clickreel's code. Each
// output chunk is copied out, as any muxer must, then dropped.

/** The frames the encoder cycles through: a gradient with noise, drawn once before memory is measured. */
let sources: Uint8Array[] = [];
let size = { width: 0, height: 0 };

function makeSources(width: number, height: number, noise: number): void {
  size = { width, height };
  const lumaSize = width * height;
  sources = Array.from({ length: 8 }, (_, index) => {
    const frame = new Uint8Array((lumaSize * 3) / 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        frame[y * width + x] = ((x + y + index * 16) & 255) * 0.6 + 40 + Math.random() * noise;
      }
    }
    for (let i = lumaSize; i < frame.length; i++) frame[i] = 128 + Math.random() * (noise / 2);
    return frame;
  });
}

/** Encodes `frames` frames, at most 4 queued; a forced GC every 30 frames when the page may call one. Output bytes. */
async function encode(frames: number, bitrate: number, forceGc: boolean): Promise<number> {
  let bytes = 0;
  let failure: unknown = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const copy = new Uint8Array(chunk.byteLength);
      chunk.copyTo(copy);
      bytes += copy.byteLength;
    },
    error: (error) => {
      failure = error;
    },
  });
  encoder.configure({ codec: 'avc1.640033', ...size, bitrate, framerate: 30, avc: { format: 'avc' } });
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < frames && !failure; i++) {
    const frame = new VideoFrame(sources[i % sources.length] as Uint8Array, {
      format: 'I420',
      codedWidth: size.width,
      codedHeight: size.height,
      timestamp: Math.round((i * 1e6) / 30),
    });
    encoder.encode(frame, { keyFrame: i % 60 === 0 });
    frame.close();
    while (encoder.encodeQueueSize > 4) {
      await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
    }
    if (forceGc && gc && i % 30 === 0) gc();
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  return bytes;
}

Object.assign(globalThis, { makeSources, encode, pageReady: true });
