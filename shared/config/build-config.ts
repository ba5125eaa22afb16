import { z } from 'zod';

/** The default public address of the site when nothing is configured. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/**
 * What the extension is built against: the site it hands recordings to, and the
 * origins allowed to talk to it. Read once from the environment at build time.
 */
export interface BuildConfig {
  /** The site's public base URL, without trailing slash. */
  readonly siteUrl: string;
  /** Origins (scheme://host[:port]) the extension answers. The site's own origin is always first. */
  readonly siteOrigins: readonly string[];
}

const originSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
      return url.origin;
    } catch {
      ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${value}` });
      return z.NEVER;
    }
  });

/** Reads SITE_URL and SITE_ORIGINS; throws with the offending value when one is malformed. */
export function readBuildConfig(env: Record<string, string | undefined>): BuildConfig {
  const siteUrlInput = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  const siteOrigin = originSchema.safeParse(siteUrlInput);
  if (!siteOrigin.success) throw new Error(`SITE_URL is ${siteOrigin.error.issues[0]?.message}`);
  const extra = (env.SITE_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((value) => {
      const parsed = originSchema.safeParse(value);
      if (!parsed.success) throw new Error(`SITE_ORIGINS has ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
  const siteOrigins = [...new Set([siteOrigin.data, ...extra])];
  return { siteUrl: siteUrlInput.replace(/\/+$/, ''), siteOrigins };
}

/** Chrome match pattern covering every page of an origin. */
export function originMatchPattern(origin: string): string {
  return `${origin}/*`;
}
