// The export's errors: a kind the page tells failures apart by, and a detail for the log. They cross worker
// boundaries as plain data (toWire / exportErrorFromWire) and come back as the same class with the same kind.
import type { ErrorWire, WireError } from '../workers/worker-pool';

/** What went wrong in an export, as the page tells them apart. */
export const EXPORT_ERROR_KINDS = [
  /** The user stopped it. */
  'cancelled',
  /** The file has no video track, or one this browser cannot decode. */
  'unreadable-source',
  /** No frame of the video could be decoded. */
  'no-frame',
  /** This browser has no encoder for the format at this size. */
  'unencodable',
  /** The output file could not be written (disk full, permission gone). */
  'write-failed',
  /** A worker of the export failed to start or stopped. */
  'worker-failed',
  /** Anything else; its detail says what. */
  'failed',
] as const;
export type ExportErrorKind = (typeof EXPORT_ERROR_KINDS)[number];

/** An export that did not finish, saying why (`message` is shown to the user, `detail` is for the log). */
export class ExportError extends Error {
  override readonly name: string = 'ExportError';
  constructor(
    readonly kind: ExportErrorKind,
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

/** Thrown when the user cancelled an export. */
export class ExportCancelledError extends ExportError {
  override readonly name = 'ExportCancelledError';
  constructor() {
    super('cancelled', 'Export cancelled');
  }
}

/** How export errors cross the boundary of the export's worker and of its painting workers. */
export const EXPORT_ERROR_WIRE: ErrorWire = {
  toWire,
  revive: exportErrorFromWire,
  failed: (message) => new ExportError('worker-failed', message),
};

/** Any thrown value as an export error's data: an ExportError keeps its kind; anything else is 'failed', with its stack. */
export function toWire(error: unknown): WireError {
  if (error instanceof ExportError) return { kind: error.kind, message: error.message, detail: error.detail };
  if (error instanceof Error) return { kind: 'failed', message: error.message, detail: error.stack ?? error.name };
  return { kind: 'failed', message: String(error), detail: null };
}

/** The error a worker reported, as the class it was thrown as. */
export function exportErrorFromWire(wire: WireError): ExportError {
  if (wire.kind === 'cancelled') return new ExportCancelledError();
  const kind = (EXPORT_ERROR_KINDS as readonly string[]).includes(wire.kind)
    ? (wire.kind as ExportErrorKind)
    : 'failed';
  return new ExportError(kind, wire.message, wire.detail);
}
