// The export runs here, off the page's main thread, so the editor stays responsive while it renders.
// Every export starts this worker afresh and compiles what it imports: it imports no zod (the shared modules keep
// their schemas in *-schema.ts files); zod was over 40% of its minified code.
import { ExportCancelledError, type ExportReply, type ExportRequest } from './export-job';
import { runExport } from './export-pipeline';

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const abort = new AbortController();

function reply(message: ExportReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = async (event: MessageEvent<ExportRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    abort.abort();
    return;
  }
  try {
    const result = await runExport(request.job, {
      signal: abort.signal,
      onProgress: (progress) => reply({ type: 'progress', ...progress }),
    });
    reply({ type: 'done', result });
  } catch (error) {
    if (error instanceof ExportCancelledError || abort.signal.aborted) reply({ type: 'cancelled' });
    else reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
