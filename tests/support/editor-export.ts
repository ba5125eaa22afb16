import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type ExportFormat = 'mp4' | 'webm' | 'gif';

/** What a test does in the Export dialog besides choosing the format: more choices first, and a look when done. */
export interface DialogSteps {
  /** After the format is chosen, before Export is clicked. */
  readonly choose?: (dialog: Locator) => Promise<void>;
  /** Once the export is done, before the dialog is closed. */
  readonly done?: (dialog: Locator) => Promise<void>;
}

/**
 * Exports what the editor shows through its Export dialog in `format` (its other choices as they are), saves the
 * download to `path` and closes the dialog. The limits only guard against a hang: a GIF of a recording took minutes on
 * a loaded 2-core machine.
 */
export async function exportFromEditor(
  editor: Page,
  format: ExportFormat,
  path: string,
  steps: DialogSteps = {},
): Promise<void> {
  await editor.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: format }).check();
  await steps.choose?.(dialog);
  const download = editor.waitForEvent('download', { timeout: 300_000 });
  await dialog.getByRole('button', { name: `Export ${format.toUpperCase()}` }).click();
  await (await download).saveAs(path);
  await expect.poll(() => dialog.getAttribute('data-export-state'), { timeout: 60_000 }).toBe('done');
  await steps.done?.(dialog);
  await dialog.getByRole('button', { name: 'Close' }).click();
}
