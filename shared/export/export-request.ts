import type { EditDocument } from '../edits/edit-document';
import type { Recording } from '../recording/recording';

/**
 * What the editor hands the export's dialog when the user asks for an export: written once here because the
 * editor and the export may not import each other (the page joins them).
 */
export interface ExportDialogProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly userImages: Readonly<Record<string, ImageBitmap>>;
  readonly document: EditDocument;
  readonly onClose: () => void;
}
