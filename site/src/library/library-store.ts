// What the library reads and changes, as one chunk the page loads only once there is a stored row to read: the
// store's schemas (zod, in jitless mode before any schema is built) are not needed to show an empty library.
import '../zod-without-eval';

export { deleteRecording, listLibrary, renameRecording } from '../recordings/recording-store';
