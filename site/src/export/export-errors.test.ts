import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../shared/errors/domain-errors';
import { ExportCancelledError, ExportError, exportErrorFromWire, exportErrorToWire } from './export-errors';

/** Through structured cloning, as a worker's message. */
const across = (error: unknown) => exportErrorFromWire(structuredClone(exportErrorToWire(error)));

describe('export errors across a worker boundary', () => {
  it('come back as the same class with their kind, message and detail', () => {
    const error = new ExportError('unencodable', 'This browser cannot encode MP4 video at 7680×4320.', {
      codec: 'avc',
    });
    const back = across(error);
    expect(back).toBeInstanceOf(ExportError);
    expect(back).toMatchObject({
      domain: 'export',
      kind: 'unencodable',
      message: error.message,
      detail: { codec: 'avc' },
    });
  });
  it('keep a cancel a cancel, and another domain’s error its own', () => {
    expect(across(new ExportCancelledError())).toBeInstanceOf(ExportCancelledError);
    expect(across(new StorageError('blocked', 'Close the other tab.'))).toBeInstanceOf(StorageError);
  });
  it('turn any other error into a failure that keeps its message and its stack for the log', () => {
    const back = across(new TypeError('x is undefined'));
    expect(back).toMatchObject({ kind: 'failed', message: 'x is undefined' });
    expect(String(back.detail.log)).toContain('TypeError');
  });
  it('read an unknown domain or kind as a failure', () => {
    const wire = { domain: 'export', kind: 'from-the-future', message: 'm', detail: {} } as const;
    expect(exportErrorFromWire(wire as never).kind).toBe('failed');
    expect(exportErrorFromWire({ ...wire, domain: 'mars' } as never)).toBeInstanceOf(ExportError);
  });
});
