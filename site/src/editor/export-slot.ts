import type { ComponentType } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import type { Recording } from '../../../shared/recording/recording';

/** What the editor hands the export's dialog when the user asks for an export. */
export interface ExportDialogProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly userImages: Readonly<Record<string, ImageBitmap>>;
  readonly document: EditDocument;
  readonly onClose: () => void;
}

/**
 * The export's dialog, supplied by the page (site/src/components/EditorPage.tsx): the editor and the export meet in
 * the render engine and the page, never import each other.
 */
export type ExportDialogComponent = ComponentType<ExportDialogProps>;
