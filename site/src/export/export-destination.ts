// Where an export's file is written as it is made: a file the user picked (File System Access API), or a temporary
// file in the origin private file system (OPFS) that is then downloaded. Never a buffer in memory.
import type { ExportFormat } from '../../../shared/export/export-options';

/** Where the export worker writes; structured-cloneable (a file handle crosses to a Worker). */
export type ExportDestination =
  /** The file the user chose in the browser's save dialog: the export is saved once it is written. */
  | { readonly kind: 'picked'; readonly handle: FileSystemFileHandle }
  /** A temporary file in the origin private file system, downloaded when complete and then removed. */
  | { readonly kind: 'private'; readonly name: string };

/** The OPFS folder of exports being written or downloaded. */
export const PRIVATE_EXPORTS_DIRECTORY = 'clickreel-exports';

/** The parts of `window.showSaveFilePicker` used here (not in TypeScript's DOM types). */
export type SaveFilePicker = (options: {
  suggestedName: string;
  id?: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

/** What decides the destination: the browser's save dialog, when it has one. */
export interface DestinationEnvironment {
  readonly showSaveFilePicker?: SaveFilePicker;
}

const DESCRIPTIONS: Record<ExportFormat, string> = { mp4: 'MP4 video', webm: 'WebM video', gif: 'GIF animation' };
const MIME_TYPES: Record<ExportFormat, string> = { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif' };

/**
 * Asks where to save, where the browser has a save dialog (Chromium's File System Access API); elsewhere, or when
 * the dialog cannot open (no user gesture, a sandboxed frame), the export goes to a private file and is downloaded.
 * Must be called straight from the click that starts the export (the dialog needs its user activation).
 * Resolves null when the user closed the dialog: no export is started.
 */
export async function chooseDestination(
  fileName: string,
  format: ExportFormat,
  environment: DestinationEnvironment,
  privateName: () => Promise<string>,
): Promise<ExportDestination | null> {
  const picker = environment.showSaveFilePicker;
  if (typeof picker === 'function') {
    try {
      const handle = await picker({
        suggestedName: fileName,
        id: 'clickreel-export',
        types: [{ description: DESCRIPTIONS[format], accept: { [MIME_TYPES[format]]: [`.${format}`] } }],
      });
      return { kind: 'picked', handle };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      // SecurityError / NotAllowedError: the dialog may not open here; the download path always works.
    }
  }
  return { kind: 'private', name: await privateName() };
}
