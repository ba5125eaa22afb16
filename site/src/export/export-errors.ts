// The export's errors are ExportErrors (shared/errors): a kind the page tells failures apart by, a detail for the
// log. They cross worker boundaries as the one error wire format (shared/errors/error-wire.ts); anything else a
// worker throws becomes a 'failed' ExportError that keeps its message and its stack.
import type { DomainError } from '../../../shared/errors/domain-error';
import { ExportError } from '../../../shared/errors/domain-errors';
import { type ErrorWire, errorFromWire, errorToWire } from '../../../shared/errors/error-wire';
import type { PoolErrors } from '../workers/worker-pool';

export { ExportCancelledError, ExportError } from '../../../shared/errors/domain-errors';

/** Any thrown value as wire data: an error of ours as it is, anything else as an export that failed. */
export function exportErrorToWire(error: unknown): ErrorWire {
  return errorToWire(error, (message, detail) => new ExportError('failed', message, detail));
}

/** The error a worker reported, as the class it was thrown as; data it cannot read is an export that failed. */
export function exportErrorFromWire(wire: ErrorWire): DomainError {
  return errorFromWire(wire, (unknown) => new ExportError('failed', unknown.message, unknown.detail ?? {}));
}

/** How export errors cross the boundary of the export's worker and of its painting workers. */
export const EXPORT_POOL_ERRORS: PoolErrors = {
  toWire: exportErrorToWire,
  revive: exportErrorFromWire,
  failed: (message) => new ExportError('worker-failed', message),
};
