import { describe, expect, it } from 'vitest';
import { readBuildConfig } from '../config/build-config';
import { compareReleaseVersions } from '../config/extension-version';
import { parseLicenseProducts } from '../licenses/license-tiers';
import { DomainError } from './domain-error';
import { ConfigurationError, LicenseError, RecordingError, RecordingUnavailableError } from './domain-errors';

describe('errors that say what failed', () => {
  it('carry their domain, kind and detail, and cross a message port as plain data', () => {
    const error = new RecordingError('no-codec', 'This browser cannot record WebM video.', { tried: 'video/webm' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(structuredClone(error.toJSON())).toEqual({
      domain: 'recording',
      kind: 'no-codec',
      message: 'This browser cannot record WebM video.',
      detail: { tried: 'video/webm' },
    });
  });

  it('keep what a caller needs to act on as typed fields', () => {
    const error = new RecordingUnavailableError('“Demo” cannot be opened.', 'rec-1', true);
    expect(error).toBeInstanceOf(RecordingError);
    expect(error).toMatchObject({ kind: 'unavailable', recordingId: 'rec-1', canOpenVideoOnly: true });
    expect(error.detail).toEqual({ recordingId: 'rec-1', canOpenVideoOnly: true });
  });

  it('name the setting that is wrong and its value', () => {
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('did not throw');
    };
    expect(thrown(() => readBuildConfig({ SITE_URL: 'ftp://example.com' }))).toMatchObject({
      constructor: ConfigurationError,
      kind: 'invalid-variable',
      detail: { variable: 'SITE_URL', value: 'ftp://example.com' },
    });
    expect(thrown(() => compareReleaseVersions('1.2', '1.2.3'))).toMatchObject({
      constructor: ConfigurationError,
      kind: 'invalid-version',
      detail: { version: '1.2' },
    });
    expect(thrown(() => parseLicenseProducts('stripe:1=3'))).toMatchObject({
      constructor: LicenseError,
      kind: 'malformed-product',
      detail: { entry: 'stripe:1=3' },
    });
  });
});
