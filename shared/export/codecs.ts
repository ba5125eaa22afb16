import type { ExportFormat } from './export-options';

/** Video codecs the exporter may use (mediabunny names). */
export type ExportVideoCodec = 'avc' | 'vp9' | 'vp8' | 'av1';
/** Audio codecs the exporter may use (mediabunny names). */
export const ALL_EXPORT_AUDIO_CODECS = ['aac', 'mp3', 'opus'] as const;
export type ExportAudioCodec = (typeof ALL_EXPORT_AUDIO_CODECS)[number];

/** How the export dialog names an audio codec. */
export const AUDIO_CODEC_NAMES: Readonly<Record<ExportAudioCodec, string>> = { aac: 'AAC', mp3: 'MP3', opus: 'Opus' };

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
