import { z } from 'zod';
import { ConfigurationError } from '../errors/domain-errors';
import { DEVELOPMENT_EXTENSION_KEY } from './development-extension-key';
import { extensionIdFromKey } from './extension-id';

/** The default public address of the site when nothing is configured. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/** A Chrome extension id: 32 letters from a to p. */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

/**
 * What the extension and the site are built against: the site the extension hands recordings to, the
 * origins allowed to talk to it, the extension's pinned id, and the extension ids the site takes
 * recordings from. Read once from the environment at build time.
 */
export interface BuildConfig {
  /** The site's public base URL, without trailing slash. */
  readonly siteUrl: string;
  /** Origins (scheme://host[:port]) the extension answers. The site's own origin is always first. */
  readonly siteOrigins: readonly string[];
  /** The manifest `key` that pins the extension's id (development and tests); null for a store build. */
  readonly extensionKey: string | null;
  /** Extension ids the site accepts recordings from: the pinned key's id unless TRUSTED_EXTENSION_IDS says. */
  readonly trustedExtensionIds: readonly string[];
}

const originSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url?.protocol === 'http:' || url?.protocol === 'https:') return url.origin;
    ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${value}` });
    return z.NEVER;
  });

/** EXTENSION_KEY: the development key unless set; 'none' builds for the store, which assigns the id. */
function readExtensionKey(value: string | undefined): string | null {
  const key = value?.trim() || DEVELOPMENT_EXTENSION_KEY;
  if (key === 'none') return null;
  if (!/^[A-Za-z0-9+/]{100,}={0,2}$/.test(key))
    throw new ConfigurationError('invalid-variable', 'EXTENSION_KEY is not a base64 public key (or none)', {
      variable: 'EXTENSION_KEY',
    });
  return key;
}

/** TRUSTED_EXTENSION_IDS: comma-separated ids; by default only the id `extensionKey` gives. */
function readTrustedIds(value: string | undefined, extensionKey: string | null): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of listed) {
    if (!EXTENSION_ID_PATTERN.test(id))
      throw new ConfigurationError('invalid-variable', `TRUSTED_EXTENSION_IDS has a malformed extension id: ${id}`, {
        variable: 'TRUSTED_EXTENSION_IDS',
        value: id,
      });
  }
  if (listed.length > 0) return [...new Set(listed)];
  return extensionKey ? [extensionIdFromKey(extensionKey)] : [];
}

/**
 * Reads SITE_URL, SITE_ORIGINS, EXTENSION_KEY and TRUSTED_EXTENSION_IDS; throws with the offending value
 * when one is malformed.
 */
export function readBuildConfig(env: Record<string, string | undefined>): BuildConfig {
  const siteUrlInput = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  const siteOrigin = originSchema.safeParse(siteUrlInput);
  if (!siteOrigin.success)
    throw new ConfigurationError('invalid-variable', `SITE_URL is ${siteOrigin.error.issues[0]?.message}`, {
      variable: 'SITE_URL',
      value: siteUrlInput,
    });
  const extra = (env.SITE_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((value) => {
      const parsed = originSchema.safeParse(value);
      if (!parsed.success)
        throw new ConfigurationError('invalid-variable', `SITE_ORIGINS has ${parsed.error.issues[0]?.message}`, {
          variable: 'SITE_ORIGINS',
          value,
        });
      return parsed.data;
    });
  const siteOrigins = [...new Set([siteOrigin.data, ...extra])];
  const extensionKey = readExtensionKey(env.EXTENSION_KEY);
  return {
    siteUrl: siteUrlInput.replace(/\/+$/, ''),
    siteOrigins,
    extensionKey,
    trustedExtensionIds: readTrustedIds(env.TRUSTED_EXTENSION_IDS, extensionKey),
  };
}

/** Chrome match pattern covering every page of an origin. */
export function originMatchPattern(origin: string): string {
  return `${origin}/*`;
}
