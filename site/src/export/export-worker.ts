// The export runs here, off the page's main thread, so the editor stays responsive while it renders. The same
// script also serves as a painting worker of the export's pool (started by the export worker with its own URL:
// one script, one content security policy, one file the offline cache keeps), answering pool requests.
// Every export starts this worker afresh and compiles what it imports: it imports no zod (the shared modules keep
// their schemas in *-schema.ts files); zod was over 40% of its minified code.
import { isPoolRequest, type PoolRequest, poolRequestAnswerer } from '../workers/worker-pool';
import { ExportCancelledError, exportErrorToWire } from './export-errors';
import type { ExportReply, ExportRequest } from './export-job';
import { runExport } from './export-pipeline';
import type { PaintRequest } from './paint-messages';
import { answerPaintRequest } from './paint-requests';

/** The parts of a dedicated worker's global scope used here (the webworker lib would clash with DOM types). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ExportRequest | PoolRequest<PaintRequest>>) => void) | null;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;
const abort = new AbortController();
const answerPainting = poolRequestAnswerer(answerPaintRequest, exportErrorToWire, (message, transfer) =>
  scope.postMessage(message, transfer),
);

function reply(message: ExportReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = async (event) => {
  const request = event.data;
  if (isPoolRequest(request)) {
    answerPainting(request as PoolRequest<PaintRequest>);
    return;
  }
  if (request.type === 'cancel') {
    abort.abort();
    return;
  }
  try {
    const result = await runExport(request.job, {
      signal: abort.signal,
      onProgress: (progress) => reply({ type: 'progress', ...progress }),
      onDiagnostics: request.job.diagnostics ? (diagnostics) => reply({ type: 'diagnostics', diagnostics }) : undefined,
      workerScript: scope.location.href,
    });
    reply({ type: 'done', result });
  } catch (error) {
    if (error instanceof ExportCancelledError || abort.signal.aborted) reply({ type: 'cancelled' });
    else {
      console.error('The export failed.', error);
      reply({ type: 'error', error: exportErrorToWire(error) });
    }
  }
};
