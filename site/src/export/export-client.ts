import {
  ExportCancelledError,
  type ExportJob,
  type ExportProgress,
  type ExportReply,
  type ExportResult,
} from './export-job';

/** A running export: its result, and a way to stop it. */
export interface RunningExport {
  readonly result: Promise<ExportResult>;
  cancel(): void;
}

/**
 * Starts an export in a Web Worker (one per export, ended when it finishes). Where Workers cannot render
 * (no OffscreenCanvas in workers), it runs on the page instead.
 */
export function startExport(job: ExportJob, onProgress: (progress: ExportProgress) => void): RunningExport {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return startOnPage(job, onProgress);
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
    type: 'module',
    name: 'clickreel-export',
  });
  let settle: { resolve: (r: ExportResult) => void; reject: (e: Error) => void } | undefined;
  const result = new Promise<ExportResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = () => worker.terminate();
  worker.onmessage = (event: MessageEvent<ExportReply>) => {
    const message = event.data;
    if (message.type === 'progress') onProgress(message);
    else if (message.type === 'done') {
      finish();
      settle?.resolve(message.result);
    } else if (message.type === 'cancelled') {
      finish();
      settle?.reject(new ExportCancelledError());
    } else {
      finish();
      settle?.reject(new Error(message.message));
    }
  };
  worker.onerror = (event) => {
    finish();
    settle?.reject(new Error(event.message || 'The export worker failed to start.'));
  };
  worker.postMessage({ type: 'start', job });
  return { result, cancel: () => worker.postMessage({ type: 'cancel' }) };
}

function startOnPage(job: ExportJob, onProgress: (progress: ExportProgress) => void): RunningExport {
  const abort = new AbortController();
  const result = import('./export-pipeline').then(({ runExport }) =>
    runExport(job, { signal: abort.signal, onProgress }),
  );
  return { result, cancel: () => abort.abort() };
}
