import { DomainError } from './domain-error';

// One class per domain, each with its kinds as a closed set: a caller tells errors apart by `instanceof` and `kind`.

/** Ways making a recording fails (the extension's recorder, the tab capture). */
export const ALL_RECORDING_ERROR_KINDS = [
  /** Stored or received data that is not a recording this version reads (damaged, or not a recording at all). */
  'invalid',
  /** A recording made by a newer version of Clickreel. */
  'newer-format',
  'no-tab',
  /** The user closed Chrome's window or screen picker without sharing. */
  'cancelled',
  'no-video',
  'no-codec',
  'not-prepared',
  'not-recording',
  'recorder-failed',
  'unavailable',
] as const;
export type RecordingErrorKind = (typeof ALL_RECORDING_ERROR_KINDS)[number];

/** Making, reading or finding a recording failed. */
export class RecordingError extends DomainError<RecordingErrorKind> {
  override readonly name: string = 'RecordingError';
  readonly domain = 'recording';
}

/** A stored recording that cannot be opened as it is, with what can still be done. */
export class RecordingUnavailableError extends RecordingError {
  override readonly name: string = 'RecordingUnavailableError';
  constructor(
    message: string,
    readonly recordingId: string,
    /** Its video looks intact: it can be opened alone (without the damaged track). */
    readonly canOpenVideoOnly: boolean,
  ) {
    super('unavailable', message, { recordingId, canOpenVideoOnly });
  }
}

/** Ways keeping something in the browser's or the server's storage fails. */
export const ALL_STORAGE_ERROR_KINDS = [
  'no-video',
  'no-name',
  /** Another of the user's things (a preset) has this name. */
  'name-taken',
  'damaged',
  'migration-failed',
  'not-a-picture',
  /** A tab with an older version of the site keeps the database from being upgraded. */
  'blocked',
  /** A newer version of Clickreel stored it than the page reading it (an older page still open, or cached offline). */
  'newer-version',
] as const;
export type StorageErrorKind = (typeof ALL_STORAGE_ERROR_KINDS)[number];

/** Writing, renaming or migrating stored data failed. */
export class StorageError extends DomainError<StorageErrorKind> {
  override readonly name: string = 'StorageError';
  readonly domain = 'storage';
}

/** Ways a license rule is broken. */
export const ALL_LICENSE_ERROR_KINDS = [
  'malformed-product',
  /** The site's own budget of calls to a provider is used up for now (retried later, never a verdict on a key). */
  'provider-busy',
  /** The provider refused another activation of a key: its activation limit. */
  'activation-limit',
] as const;
export type LicenseErrorKind = (typeof ALL_LICENSE_ERROR_KINDS)[number];

/** A license, product or tier could not be read or checked. */
export class LicenseError extends DomainError<LicenseErrorKind> {
  override readonly name: string = 'LicenseError';
  readonly domain = 'license';
}

/** Ways talking to the extension fails (the hand-off of a recording to the site). */
export const ALL_EXTENSION_ERROR_KINDS = [
  'not-understood',
  'out-of-order',
  'sender-failed',
  /** The extension could not hand a recording to the editor (no such recording, a part missing, no editor). */
  'handoff-failed',
] as const;
export type ExtensionErrorKind = (typeof ALL_EXTENSION_ERROR_KINDS)[number];

/** The extension and the page could not agree. */
export class ExtensionError extends DomainError<ExtensionErrorKind> {
  override readonly name: string = 'ExtensionError';
  readonly domain = 'extension';
}

/** Ways a setting (an environment variable, a version) is wrong. */
export const ALL_CONFIGURATION_ERROR_KINDS = ['invalid-variable', 'invalid-version'] as const;
export type ConfigurationErrorKind = (typeof ALL_CONFIGURATION_ERROR_KINDS)[number];

/** A setting the build or the server reads is malformed; the detail names the variable and its value. */
export class ConfigurationError extends DomainError<ConfigurationErrorKind> {
  override readonly name: string = 'ConfigurationError';
  readonly domain = 'configuration';
}

/** Ways the site's own machinery (service worker, build checks) fails. */
export const ALL_SITE_ERROR_KINDS = ['http-status', 'unexpected-answer', 'no-service-worker', 'cache-failed'] as const;
export type SiteErrorKind = (typeof ALL_SITE_ERROR_KINDS)[number];

/** Caching the site, checking for a new build or preloading its pages failed. */
export class SiteError extends DomainError<SiteErrorKind> {
  override readonly name: string = 'SiteError';
  readonly domain = 'site';
}

/** What went wrong in an export, as the page tells them apart. */
export const ALL_EXPORT_ERROR_KINDS = [
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
export type ExportErrorKind = (typeof ALL_EXPORT_ERROR_KINDS)[number];

/** An export that did not finish, saying why (the message is shown; the detail's `log`, if any, is for the log). */
export class ExportError extends DomainError<ExportErrorKind> {
  override readonly name: string = 'ExportError';
  readonly domain = 'export';
}

/** The user cancelled an export. */
export class ExportCancelledError extends ExportError {
  override readonly name = 'ExportCancelledError';
  constructor() {
    super('cancelled', 'Export cancelled');
  }
}

/** Ways a file the user opens (a video, a cursor track, a preset file) cannot be used. */
export const ALL_FILE_ERROR_KINDS = [
  'not-a-video',
  'no-video',
  /** A video codec this browser cannot decode. */
  'codec',
  'damaged',
  'cut-short',
  /** A cursor track given without its video, not a track, or not this video's. */
  'track',
  'not-a-preset',
] as const;
export type FileErrorKind = (typeof ALL_FILE_ERROR_KINDS)[number];

/** A file that cannot be opened, with a sentence for the page. */
export class FileError extends DomainError<FileErrorKind> {
  override readonly name: string = 'FileError';
  readonly domain = 'file';
}
