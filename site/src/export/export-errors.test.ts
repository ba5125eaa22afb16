import { describe, expect, it } from 'vitest';
import { ExportCancelledError, ExportError, exportErrorFromWire, toWire } from './export-errors';

/** Through structured cloning, as a worker's message. */
const across = (error: unknown) => exportErrorFromWire(structuredClone(toWire(error)));

describe('export errors across a worker boundary', () => {
  it('come back as the same class with their kind, message and detail', () => {
    const back = across(new ExportError('unencodable', 'This browser cannot encode MP4 video at 7680×4320.', 'avc'));
    expect(back).toBeInstanceOf(ExportError);
    expect(back.kind).toBe('unencodable');
    expect(back.message).toBe('This browser cannot encode MP4 video at 7680×4320.');
    expect(back.detail).toBe('avc');
  });
  it('keep a cancel a cancel', () => {
    expect(across(new ExportCancelledError())).toBeInstanceOf(ExportCancelledError);
  });
  it('turn any other error into a failure that keeps its message and its stack for the log', () => {
    const back = across(new TypeError('x is undefined'));
    expect(back.kind).toBe('failed');
    expect(back.message).toBe('x is undefined');
    expect(back.detail).toContain('TypeError');
  });
  it('read an unknown kind as a failure', () => {
    expect(exportErrorFromWire({ kind: 'from-the-future', message: 'm', detail: null }).kind).toBe('failed');
  });
});
