/** The parts of the product an error can come from; each has its own error class (domain-errors.ts). */
export const ALL_ERROR_DOMAINS = [
  'recording',
  'storage',
  'license',
  'extension',
  'configuration',
  'site',
  'export',
  'file',
] as const;
export type ErrorDomain = (typeof ALL_ERROR_DOMAINS)[number];

/** What an error knows beyond its message: plain values, so it can cross a worker or extension message. */
export type ErrorDetail = Readonly<Record<string, string | number | boolean | null>>;

/**
 * An error that says what failed: its domain, a `kind` from the domain's closed set (what callers branch on, never
 * the message) and a detail (the values involved). The message is the sentence a person reads.
 */
export abstract class DomainError<Kind extends string = string> extends Error {
  abstract readonly domain: ErrorDomain;

  constructor(
    readonly kind: Kind,
    message: string,
    readonly detail: ErrorDetail = {},
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }

  /** The error as plain data (for a message port, a log line or a test). */
  toJSON(): { domain: ErrorDomain; kind: Kind; message: string; detail: ErrorDetail } {
    return { domain: this.domain, kind: this.kind, message: this.message, detail: this.detail };
  }
}
