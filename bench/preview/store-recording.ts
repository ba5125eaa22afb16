// Runs in the site's /editor page (evaluated by bench/preview/run.ts): stores a recording and its media in the site's
// own library (IndexedDB), as the extension's hand-off does, so the editor opens it with its webcam.
import type { Recording } from '../../shared/recording/recording';
import { saveRecording } from '../../site/src/recordings/recording-store';

async function storeRecording(recording: Recording, videoUrl: string, webcamUrl: string): Promise<string> {
  const [video, webcam] = await Promise.all([videoUrl, webcamUrl].map((url) => fetch(url).then((r) => r.blob())));
  return (await saveRecording(recording, video as Blob, webcam as Blob)).id;
}

(globalThis as { storeRecording?: typeof storeRecording }).storeRecording = storeRecording;
