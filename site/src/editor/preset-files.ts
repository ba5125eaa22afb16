// Presets as files the user saves: their names, and handing one to the browser's downloads.
import type { LookPreset } from '../../../shared/look/look-presets';

/** A file name from a preset name: letters, digits and dashes. */
export function fileNameFor(preset: LookPreset): string {
  const stem = preset.name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${stem || 'preset'}.clickreel-preset.json`;
}

/** Hands `text` to the browser's downloads as `fileName`. */
export function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
