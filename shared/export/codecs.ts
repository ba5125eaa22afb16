import type { ExportFormat } from './export-options';

/** Video codecs the exporter may use (mediabunny names). */
export type ExportVideoCodec = 'avc' | 'vp9' | 'vp8' | 'av1';
/** Audio codecs the exporter may use (mediabunny names). */
export const ALL_EXPORT_AUDIO_CODECS = ['aac', 'mp3', 'opus'] as const;
export type ExportAudioCodec = (typeof ALL_EXPORT_AUDIO_CODECS)[number];

/**
 * Codecs to try for a container, best first; the first the browser can encode wins. An MP4 carries AAC where the
 * browser's WebCodecs encode it, else MP3 (mediabunny's LAME extension, in WebAssembly): both play in QuickTime,
 * Safari and video editors, Opus in MP4 does not. WebM is VP9 + Opus.
 */
export function codecCandidates(format: Exclude<ExportFormat, 'gif'>): {
  video: readonly ExportVideoCodec[];
  audio: readonly ExportAudioCodec[];
} {
  return format === 'mp4' ? { video: ['avc'], audio: ['aac', 'mp3'] } : { video: ['vp9', 'vp8'], audio: ['opus'] };
}

/** The audio codec an export in `format` carries, given whether the browser encodes AAC; null for GIF (no sound). */
export function exportAudioCodec(format: ExportFormat, browserEncodesAac: boolean): ExportAudioCodec | null {
  if (format === 'gif') return null;
  if (format === 'webm') return 'opus';
  return browserEncodesAac ? 'aac' : 'mp3';
}

/**
 * Samples of silence an encoder puts before the sound (its priming), where the exporter must take them out itself:
 * LAME's encoder delay (576) plus the MP3 decoder's (529). The exporter starts such a track early by this much, and
 * the MP4's edit list skips it. Measured without it: the MP3 in an MP4 sounded 23.0 ms late (1104 samples at 48 kHz).
 */
export const ENCODER_DELAY_SAMPLES: Readonly<Partial<Record<ExportAudioCodec, number>>> = { mp3: 1105 };

/** MIME type of an exported file. */
export function exportMimeType(format: ExportFormat): string {
  return { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif' }[format];
}

/**
 * H.264 levels (ITU-T H.264 Table A-1): largest frame (macroblocks), macroblocks per second and bitrate (kbit/s,
 * before the High profile's 1.25 factor). From 3.0: a smaller export declaring 3.0 plays everywhere.
 */
const AVC_LEVELS = [
  { level: 30, maxFrameMbs: 1620, maxMbsPerSecond: 40_500, maxKbps: 10_000 },
  { level: 31, maxFrameMbs: 3600, maxMbsPerSecond: 108_000, maxKbps: 14_000 },
  { level: 32, maxFrameMbs: 5120, maxMbsPerSecond: 216_000, maxKbps: 20_000 },
  { level: 40, maxFrameMbs: 8192, maxMbsPerSecond: 245_760, maxKbps: 20_000 },
  { level: 41, maxFrameMbs: 8192, maxMbsPerSecond: 245_760, maxKbps: 50_000 },
  { level: 42, maxFrameMbs: 8704, maxMbsPerSecond: 522_240, maxKbps: 50_000 },
  { level: 50, maxFrameMbs: 22_080, maxMbsPerSecond: 589_824, maxKbps: 135_000 },
  { level: 51, maxFrameMbs: 36_864, maxMbsPerSecond: 983_040, maxKbps: 240_000 },
  { level: 52, maxFrameMbs: 36_864, maxMbsPerSecond: 2_073_600, maxKbps: 240_000 },
  { level: 60, maxFrameMbs: 139_264, maxMbsPerSecond: 4_177_920, maxKbps: 240_000 },
  { level: 61, maxFrameMbs: 139_264, maxMbsPerSecond: 8_355_840, maxKbps: 480_000 },
  { level: 62, maxFrameMbs: 139_264, maxMbsPerSecond: 16_711_680, maxKbps: 800_000 },
] as const;

/**
 * The H.264 (High profile) codec string for an export: the lowest level whose frame size, macroblock rate and bitrate
 * allow it. 1080p30 is level 4.0 (avc1.640028), 1080p60 4.2, 1440p30 5.0, 4K30 5.1 (avc1.640033), 4K60 5.2.
 * mediabunny's own choice looks at the frame size only, so it would declare 4K60 as 5.1, which a hardware encoder
 * may refuse; Chromium's software encoder writes the level the stream needs either way (measured: the same levels).
 */
export function avcCodecString(width: number, height: number, frameRate: number, bitrate: number): string {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const fits = (l: (typeof AVC_LEVELS)[number]) =>
    frameMbs <= l.maxFrameMbs && frameMbs * frameRate <= l.maxMbsPerSecond && bitrate <= l.maxKbps * 1250;
  // Past the highest level nothing fits: that one is the closest.
  const level = (AVC_LEVELS.find(fits) ?? AVC_LEVELS[AVC_LEVELS.length - 1])?.level ?? 62;
  return `avc1.6400${level.toString(16).padStart(2, '0')}`;
}
