// What the library reads and changes, as one chunk the page loads after its first paint: the store's schemas
// (zod, in jitless mode before any schema is built) and IndexedDB (idb) are not needed to show the page.
import '../zod-without-eval';

export { deleteRecording, listLibrary, renameRecording } from '../recordings/recording-store';
export { storageEstimate } from '../recordings/storage-estimate';
