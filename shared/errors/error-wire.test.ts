import { describe, expect, it } from 'vitest';
import { ALL_ERROR_DOMAINS } from './domain-error';
import {
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
import { errorFromWire, errorToWire } from './error-wire';

const failed = () => new SiteError('unexpected-answer', 'unknown');
const across = (error: unknown) =>
  errorFromWire(structuredClone(errorToWire(error, (m, d) => new ExportError('failed', m, d))), failed);

describe('one error family, one wire format', () => {
  it('brings every domain’s error back as its class, with its kind, message and detail', () => {
    const errors = [
      new RecordingError('newer-format', 'Update Clickreel.'),
      new RecordingUnavailableError('“Demo” cannot be opened.', 'rec-1', true),
      new StorageError('blocked', 'Close the other tab.'),
      new LicenseError('provider-busy', 'polar: rate limit budget used up', { provider: 'polar' }),
      new ExtensionError('handoff-failed', 'The editor was closed.'),
      new SiteError('cache-failed', 'The offline copy could not be stored.'),
      new ExportError('unencodable', 'This browser cannot encode MP4 video at 7680×4320.', { codec: 'avc' }),
      new ExportCancelledError(),
      new FileError('codec', 'demo.mov uses a video codec this browser cannot decode.'),
      new ConfigurationError('invalid-variable', 'SITE_URL must be an http(s) URL.', { variable: 'SITE_URL' }),
    ];
    for (const error of errors) {
      const back = across(error);
      expect(back.constructor).toBe(error.constructor);
      expect(back.toJSON()).toEqual(error.toJSON());
    }
    expect(new Set(errors.map((e) => e.domain)).size).toBe(ALL_ERROR_DOMAINS.length);
  });

  it('wraps anything else as the caller says, keeping its stack for the log', () => {
    const back = across(new TypeError('x is undefined'));
    expect(back).toMatchObject({ domain: 'export', kind: 'failed', message: 'x is undefined' });
    expect(String(back.detail.log)).toContain('TypeError');
  });

  it('reads a domain or kind of another version as the caller says', () => {
    expect(
      errorFromWire({ domain: 'storage', kind: 'from-the-future', message: 'm', detail: {} } as never, failed),
    ).toBeInstanceOf(SiteError);
    expect(errorFromWire({ domain: 'mars', kind: 'x', message: 'm', detail: {} } as never, failed)).toBeInstanceOf(
      SiteError,
    );
  });
});
