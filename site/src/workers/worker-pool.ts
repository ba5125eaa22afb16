// A pool of dedicated workers for work that can run in parallel: painting export frames. The timeline's thumbnails
// and waveform are read by poolSize() workers of their own (site/src/editor/timeline/timeline-media.ts), since they
// stream their answers rather than answer one request each. Each worker answers its requests in the order it got them; the caller picks
// the worker, so work that keeps state between requests (a painter's last frame) can stay on one worker.
import type { ErrorWire } from '../../../shared/errors/error-wire';

/** How a pool's errors cross (as ErrorWire data): the worker turns what it caught into data, the page revives it. */
export interface PoolErrors {
  toWire(error: unknown): ErrorWire;
  revive(wire: ErrorWire): Error;
  /** The error for a worker that failed outside any request (did not start, crashed) or a pool that was ended. */
  failed(message: string): Error;
}

/** The size a pool gets: the machine's logical cores (navigator.hardwareConcurrency), lowered by `limit` when set. */
export function poolSize(
  limit: number | null = null,
  cores: number | undefined = globalThis.navigator?.hardwareConcurrency,
): number {
  const available = Math.max(1, Math.floor(cores ?? 1));
  return limit === null ? available : Math.max(1, Math.min(available, Math.floor(limit)));
}

/** A message to a pool worker, and its answer. */
export type PoolRequest<T> = { readonly id: number; readonly body: T };
export type PoolReply<T> =
  | { readonly id: number; readonly body: T }
  | { readonly id: number; readonly error: ErrorWire };

/** Workers started by `create`, asked by index. */
export interface WorkerPool<Request, Reply> {
  readonly size: number;
  /** Sends `request` to worker `index` (taken modulo the size); resolves with its answer, rejects with its error. */
  run(index: number, request: Request, transfer?: Transferable[]): Promise<Reply>;
  /** Ends every worker; what they were asked and have not answered is rejected. */
  terminate(): void;
}

export function createWorkerPool<Request, Reply>(
  size: number,
  create: (index: number) => Worker,
  errors: Omit<PoolErrors, 'toWire'>,
): WorkerPool<Request, Reply> {
  const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let ended: Error | null = null;
  const failAll = (error: Error) => {
    ended ??= error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  const workers = Array.from({ length: size }, (_, index) => {
    const worker = create(index);
    worker.onmessage = (event: MessageEvent<PoolReply<Reply>>) => {
      const entry = waiting.get(event.data.id);
      if (!entry) return;
      waiting.delete(event.data.id);
      if ('error' in event.data) entry.reject(errors.revive(event.data.error));
      else entry.resolve(event.data.body);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(errors.failed(event.message || `Worker ${index + 1} of ${size} failed.`));
    };
    return worker;
  });
  return {
    size,
    run(index, request, transfer = []) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      const worker = workers[index % size] as Worker;
      return new Promise<Reply>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, body: request } satisfies PoolRequest<Request>, transfer);
      });
    },
    terminate() {
      for (const worker of workers) worker.terminate();
      failAll(errors.failed('The worker pool was ended.'));
    },
  };
}

/** Whether a message a worker received is a pool's request (a worker may answer other messages too). */
export function isPoolRequest(message: unknown): message is PoolRequest<unknown> {
  return typeof message === 'object' && message !== null && 'id' in message && 'body' in message;
}

/**
 * Worker side: a function that answers each pool request with `handle`, one at a time in the order they came (a
 * handler that keeps state between requests sees them in order), posting the answer (or the error, through
 * `toWire`) with `post`.
 */
export function poolRequestAnswerer<Request, Reply>(
  handle: (request: Request) => Promise<{ reply: Reply; transfer?: Transferable[] }>,
  toWire: PoolErrors['toWire'],
  post: (message: PoolReply<Reply>, transfer: Transferable[]) => void,
): (request: PoolRequest<Request>) => void {
  let queue: Promise<void> = Promise.resolve();
  return ({ id, body }) => {
    queue = queue.then(async () => {
      try {
        const { reply, transfer = [] } = await handle(body);
        post({ id, body: reply }, transfer);
      } catch (error) {
        post({ id, error: toWire(error) }, []);
      }
    });
  };
}
