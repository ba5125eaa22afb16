import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { LICENSE_MESSAGES, SOMETHING_WENT_WRONG } from '../../../shared/licenses/license-status';
import type { LicenseConfig } from './license-config';
import { type LicenseRuntime, licenseRuntime } from './license-runtime';

/** The largest license request body: the real ones are a few hundred bytes. */
export const MAX_LICENSE_BODY_BYTES = 8 * 1024;

/** An endpoint's answer before the guard adds its headers. */
export interface GuardedAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

/** Whether a browser origin may call the license endpoints: the site's own origins and the extension's. */
export function isAllowedOrigin(origin: string, requestOrigin: string, config: LicenseConfig): boolean {
  if (origin === requestOrigin || config.siteOrigins.includes(origin)) return true;
  const extension = /^chrome-extension:\/\/([a-p]{32})$/.exec(origin);
  if (!extension) return false;
  return config.extensionIds.length === 0 || config.extensionIds.includes(extension[1] as string);
}

function respond(answer: GuardedAnswer, corsOrigin: string | null): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    vary: 'Origin',
    ...answer.headers,
  };
  if (corsOrigin) headers['access-control-allow-origin'] = corsOrigin;
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/**
 * The guard's own refusals (rate limit, origin, content type, size, shape) say nothing about the key, so they carry
 * ENDPOINT_DOWN: a client keeps its stored key and pro. Only a provider's verdict (INVALID, EXPIRED) clears a key.
 */
const refuse = (status: number, message: string, headers?: Record<string, string>): GuardedAnswer => ({
  status,
  body: { status: 'ENDPOINT_DOWN', message },
  headers,
});

/** Reads at most `limit` bytes of a body; null when it is longer. */
async function readCapped(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** Names what is wrong with a body, for the 400 answer. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

interface GuardOptions<T> {
  /** Browser calls allowed from the site's and the extension's origins (CORS); off for server-to-server. */
  readonly cors: boolean;
  readonly maxBytes: number;
  readonly schema?: z.ZodType<T>;
  readonly handle: (input: {
    body: T;
    raw: string;
    runtime: LicenseRuntime;
    context: APIContext;
  }) => Promise<GuardedAnswer>;
}

/**
 * Wraps a POST endpoint with the protections every license endpoint needs, in the order a bad request is
 * cheapest to refuse: origin (CORS), per-address rate limit, content type, body size, JSON, schema. Every
 * refusal is a 4xx with a reason; an unexpected failure inside is a 500 that reveals nothing.
 */
export function guardedPost<T>(options: GuardOptions<T>): { POST: APIRoute; OPTIONS: APIRoute; ALL: APIRoute } {
  const corsOriginOf = (context: APIContext, runtime: LicenseRuntime): string | null | false => {
    const origin = context.request.headers.get('origin');
    if (!origin) return null;
    if (!options.cors) return false;
    return isAllowedOrigin(origin, new URL(context.request.url).origin, runtime.config) ? origin : false;
  };

  const post: APIRoute = async (context) => {
    let runtime: LicenseRuntime;
    try {
      runtime = await licenseRuntime();
    } catch (error) {
      console.error('License runtime failed to start:', error);
      return respond({ status: 503, body: { status: 'ENDPOINT_DOWN', message: SOMETHING_WENT_WRONG } }, null);
    }
    const corsOrigin = corsOriginOf(context, runtime);
    if (corsOrigin === false) return respond(refuse(403, 'This origin may not call the license service.'), null);
    const answer = async (): Promise<GuardedAnswer> => {
      const wait = runtime.ipRateLimit.take(context.clientAddress);
      if (wait > 0) return refuse(429, LICENSE_MESSAGES.ENDPOINT_DOWN as string, { 'retry-after': String(wait) });
      const type = context.request.headers.get('content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(type)) return refuse(415, 'Send the request as application/json.');
      const raw = await readCapped(context.request, options.maxBytes);
      if (raw === null) return refuse(413, `The request body is larger than ${options.maxBytes} bytes.`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return refuse(400, 'The request body is not valid JSON.');
      }
      let body = parsed as T;
      if (options.schema) {
        const checked = options.schema.safeParse(parsed);
        if (!checked.success) return refuse(400, `Malformed request: ${describeIssues(checked.error)}`);
        body = checked.data;
      }
      return options.handle({ body, raw, runtime, context });
    };
    try {
      return respond(await answer(), corsOrigin);
    } catch (error) {
      console.error(`${context.url.pathname} failed:`, error);
      return respond({ status: 500, body: { status: 'ENDPOINT_DOWN', message: SOMETHING_WENT_WRONG } }, corsOrigin);
    }
  };

  const preflight: APIRoute = async (context) => {
    const runtime = await licenseRuntime().catch(() => null);
    const origin = runtime ? corsOriginOf(context, runtime) : false;
    if (!origin) return new Response(null, { status: 403, headers: { vary: 'Origin' } });
    return new Response(null, {
      status: 204,
      headers: {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
        vary: 'Origin',
      },
    });
  };

  const other: APIRoute = () =>
    respond(
      { status: 405, body: { status: 'ENDPOINT_DOWN', message: 'Use POST.' }, headers: { allow: 'POST, OPTIONS' } },
      null,
    );

  return { POST: post, OPTIONS: preflight, ALL: other };
}
