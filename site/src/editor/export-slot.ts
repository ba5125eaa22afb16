import type { ComponentType } from 'react';
import type { ExportDialogProps } from '../../../shared/export/export-request';

/**
 * The export's dialog, supplied by the page (site/src/components/EditorPage.tsx): the editor and the export meet in
 * the render engine and the page, never import each other.
 */
export type ExportDialogComponent = ComponentType<ExportDialogProps>;
