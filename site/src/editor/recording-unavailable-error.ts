// Its own module, without dependencies: the editor's shell tells this error apart by its class without loading the
// opening code (and its media library) up front.

/** A stored recording that cannot be opened as it is, with what can still be done. */
export class RecordingUnavailableError extends Error {
  override readonly name = 'RecordingUnavailableError';
  constructor(
    message: string,
    readonly recordingId: string,
    /** Its video looks intact: it can be opened alone (without the damaged track). */
    readonly canOpenVideoOnly: boolean,
  ) {
    super(message);
  }
}
