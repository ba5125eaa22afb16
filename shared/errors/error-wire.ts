import { DomainError, type ErrorDetail, type ErrorDomain } from './domain-error';
import {
  ALL_CONFIGURATION_ERROR_KINDS,
  ALL_EXPORT_ERROR_KINDS,
  ALL_EXTENSION_ERROR_KINDS,
  ALL_FILE_ERROR_KINDS,
  ALL_LICENSE_ERROR_KINDS,
  ALL_RECORDING_ERROR_KINDS,
  ALL_SITE_ERROR_KINDS,
  ALL_STORAGE_ERROR_KINDS,
  ConfigurationError,
  ExportCancelledError,
  ExportError,
  ExtensionError,
  FileError,
  LicenseError,
  RecordingError,
  RecordingUnavailableError,
  SiteError,
  StorageError,
} from './domain-errors';

/** An error as plain, structured-cloneable data: what crosses a worker or a message port, and what is logged. */
export type ErrorWire = ReturnType<DomainError['toJSON']>;

/** Each domain's kinds and how one of its errors is made again. */
const DOMAINS: Readonly<
  Record<
    ErrorDomain,
    { kinds: readonly string[]; make: (kind: string, message: string, detail: ErrorDetail) => DomainError }
  >
> = {
  recording: {
    kinds: ALL_RECORDING_ERROR_KINDS,
    make: (kind, message, detail) =>
      kind === 'unavailable' && typeof detail.recordingId === 'string'
        ? new RecordingUnavailableError(message, detail.recordingId, detail.canOpenVideoOnly === true)
        : new RecordingError(kind as RecordingError['kind'], message, detail),
  },
  storage: { kinds: ALL_STORAGE_ERROR_KINDS, make: (k, m, d) => new StorageError(k as StorageError['kind'], m, d) },
  license: { kinds: ALL_LICENSE_ERROR_KINDS, make: (k, m, d) => new LicenseError(k as LicenseError['kind'], m, d) },
  extension: {
    kinds: ALL_EXTENSION_ERROR_KINDS,
    make: (k, m, d) => new ExtensionError(k as ExtensionError['kind'], m, d),
  },
  configuration: {
    kinds: ALL_CONFIGURATION_ERROR_KINDS,
    make: (k, m, d) => new ConfigurationError(k as ConfigurationError['kind'], m, d),
  },
  site: { kinds: ALL_SITE_ERROR_KINDS, make: (k, m, d) => new SiteError(k as SiteError['kind'], m, d) },
  export: {
    kinds: ALL_EXPORT_ERROR_KINDS,
    make: (kind, message, detail) =>
      kind === 'cancelled' ? new ExportCancelledError() : new ExportError(kind as ExportError['kind'], message, detail),
  },
  file: { kinds: ALL_FILE_ERROR_KINDS, make: (k, m, d) => new FileError(k as FileError['kind'], m, d) },
};

/**
 * Any thrown value as wire data: a DomainError as it is; anything else as what `wrap` makes of it (its message, and
 * its stack for the log).
 */
export function errorToWire(error: unknown, wrap: (message: string, detail: ErrorDetail) => DomainError): ErrorWire {
  if (error instanceof DomainError) return error.toJSON();
  if (error instanceof Error) return wrap(error.message, { log: error.stack ?? error.name }).toJSON();
  return wrap(String(error), {}).toJSON();
}

/**
 * The error wire data describes, as the class it was thrown as. Data from another version (a domain or kind this one
 * does not know) becomes what `unknown` makes of it.
 */
export function errorFromWire(wire: ErrorWire, unknown: (wire: ErrorWire) => DomainError): DomainError {
  const domain = DOMAINS[wire.domain];
  if (!domain?.kinds.includes(wire.kind)) return unknown(wire);
  return domain.make(wire.kind, wire.message, wire.detail ?? {});
}
