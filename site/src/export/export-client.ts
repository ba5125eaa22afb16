import { ExportCancelledError, ExportError, exportErrorFromWire } from './export-errors';
import { removeIfEmpty } from './export-file';
import type { ExportDiagnostics, ExportJob, ExportProgress, ExportReply, ExportResult } from './export-job';
import { releasePrivateExport } from './private-exports';
import { trackRunningExport } from './running-exports';

/** A running export: its result, and a way to stop it. */
export interface RunningExport {
  readonly result: Promise<ExportResult>;
  cancel(): void;
}

/** What the page hears of a running export: its progress, and its diagnostics when the job asks for them. */
export interface ExportListeners {
  readonly onProgress: (progress: ExportProgress) => void;
  readonly onDiagnostics?: (diagnostics: ExportDiagnostics) => void;
  /** The export waits for another one of this browser's (in this tab or another) to finish first. */
  readonly onWaiting?: () => void;
}

/**
 * One export at a time in this browser, across the site's tabs (a Web Lock): each takes the encoder, the cores and
 * a few hundred MB, so two at once cost twice the memory and finish no sooner than one after the other.
 */
export const EXPORT_LOCK = 'clickreel-export';

/**
 * How long an export keeps its turn after its worker has ended: the browser gives the worker's memory (its codecs,
 * frames and heap) back within a second or two, and the next export would otherwise start on top of it.
 */
const HANDOVER_MS = 2000;

/**
 * Starts an export in a Web Worker (one per export, ended when it finishes), once no other export of this browser
 * runs (EXPORT_LOCK). Where Workers cannot render (no OffscreenCanvas in workers), it runs on the page instead.
 * Cancelling ends the worker at once (or the wait) and gives up the file it was writing. While it runs or waits,
 * leaving the page asks first (see site/src/export/running-exports.ts).
 */
export function startExport(job: ExportJob, listeners: ExportListeners): RunningExport {
  const abort = new AbortController();
  let running: RunningExport | null = null;
  const run = async () => {
    const release = await takeTurn(abort.signal, listeners.onWaiting);
    try {
      if (abort.signal.aborted) throw new ExportCancelledError();
      running =
        typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined'
          ? startOnPage(job, listeners)
          : startInWorker(job, listeners);
      return await running.result;
    } finally {
      release();
    }
  };
  // A failed or stopped export leaves nothing: its file is given up before the failure is reported.
  const result = run().catch(async (error: unknown) => {
    await giveUp(job);
    throw abort.signal.aborted ? new ExportCancelledError() : error;
  });
  const cancel = () => {
    abort.abort();
    running?.cancel();
  };
  const untrack = trackRunningExport(cancel);
  void result.then(untrack, untrack);
  return { result, cancel };
}

/** Waits for this export's turn (EXPORT_LOCK); resolves with the release. Said to `onWaiting` when it must wait. */
async function takeTurn(signal: AbortSignal, onWaiting?: () => void): Promise<() => void> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return () => undefined;
  const hold = (wanted: LockOptions) =>
    new Promise<(() => void) | null>((resolve, reject) => {
      locks
        .request(EXPORT_LOCK, wanted, (lock) =>
          lock ? new Promise<void>((release) => resolve(release)) : resolve(null),
        )
        .catch(reject);
    });
  const handOver = (release: () => void) => () => void setTimeout(release, HANDOVER_MS);
  const now = await hold({ ifAvailable: true });
  if (now) return handOver(now);
  onWaiting?.();
  return handOver((await hold({ signal })) as () => void);
}

function startInWorker(job: ExportJob, { onProgress, onDiagnostics }: ExportListeners): RunningExport {
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
    type: 'module',
    name: 'clickreel-export',
  });
  let settle: { resolve: (r: ExportResult) => void; reject: (e: Error) => void } | undefined;
  const result = new Promise<ExportResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let ended = false;
  const end = (outcome: () => void) => {
    if (ended) return;
    ended = true;
    worker.terminate();
    outcome();
  };
  worker.onmessage = (event: MessageEvent<ExportReply>) => {
    const message = event.data;
    if (message.type === 'progress') {
      if (!ended) onProgress(message);
    } else if (message.type === 'diagnostics') onDiagnostics?.(message.diagnostics);
    else if (message.type === 'done') end(() => settle?.resolve(message.result));
    else if (message.type === 'cancelled') end(() => settle?.reject(new ExportCancelledError()));
    else end(() => settle?.reject(exportErrorFromWire(message.error)));
  };
  worker.onerror = (event) => {
    end(() => settle?.reject(new ExportError('worker-failed', event.message || 'The export worker failed to start.')));
  };
  worker.postMessage({ type: 'start', job });
  return {
    result,
    // Ended here, not asked to stop: nothing it does afterwards can reach the page.
    cancel: () => end(() => settle?.reject(new ExportCancelledError())),
  };
}

function startOnPage(job: ExportJob, { onProgress, onDiagnostics }: ExportListeners): RunningExport {
  const abort = new AbortController();
  // No workers here: the page paints every frame itself.
  const result = import('./export-pipeline').then(({ runExport }) =>
    runExport(job, { signal: abort.signal, onProgress, onDiagnostics }),
  );
  return { result, cancel: () => abort.abort() };
}

/** Leaves nothing of a stopped export: its private file goes, a picked file it left empty goes. */
async function giveUp(job: ExportJob): Promise<void> {
  if (job.destination.kind === 'private') await releasePrivateExport(job.destination.name);
  else await removeIfEmpty(job.destination.handle);
}
