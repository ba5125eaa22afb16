import type { ExportFormat } from './export-options';

/** Longest recording name kept in a file name; the rest is cut. */
const MAX_NAME_LENGTH = 80;

/**
 * A file name for an export: the recording's name made safe for every OS, the local date and time, the extension.
 * E.g. "Pricing page walkthrough 2026-11-22 14.05.mp4".
 */
export function exportFileName(recordingName: string, format: ExportFormat, at: Date = new Date()): string {
  const safe = recordingName
    // Characters Windows, macOS or Linux refuse, and control characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}`;
  return `${safe || 'Clickreel recording'} ${stamp}.${format}`;
}
