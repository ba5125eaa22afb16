import type { ExportFormat } from './export-options';

/** Video codecs the exporter may use (mediabunny names). */
export type ExportVideoCodec = 'avc' | 'vp9' | 'vp8' | 'av1';
/** Audio codecs the exporter may use (mediabunny names). */
export type ExportAudioCodec = 'aac' | 'opus';

/**
 * Codecs to try for a container, best first. MP4 prefers AAC (plays everywhere) and falls back to Opus,
 * the one audio codec every Chromium encodes; WebM is VP9 + Opus. The first the browser can encode wins.
 */
export function codecCandidates(format: Exclude<ExportFormat, 'gif'>): {
  video: readonly ExportVideoCodec[];
  audio: readonly ExportAudioCodec[];
} {
  return format === 'mp4' ? { video: ['avc'], audio: ['aac', 'opus'] } : { video: ['vp9', 'vp8'], audio: ['opus'] };
}

/** MIME type of an exported file. */
export function exportMimeType(format: ExportFormat): string {
  return { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif' }[format];
}
