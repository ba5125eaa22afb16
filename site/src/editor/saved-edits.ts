import { type EditDocument, fromSavedEdits, toSavedEdits } from '../../../shared/edits/edit-document';
import { siteDatabase } from '../recordings/site-database';

/**
 * The edits of each recording, in the site database beside the recordings (saving an edit never
 * touches the media); deleting a recording deletes its edits in the same transaction.
 */

/** Saves the edits of one recording, replacing the previous save. */
export async function saveEdits(recordingId: string, document: EditDocument): Promise<void> {
  await (await siteDatabase()).put('edits', toSavedEdits(recordingId, document));
}

/** The saved edits of a recording; null when there are none or they are damaged (validated on read). */
export async function loadEdits(recordingId: string): Promise<EditDocument | null> {
  return fromSavedEdits(await (await siteDatabase()).get('edits', recordingId));
}
