import type { IncomingMessage, ServerResponse } from 'node:http';

/** A parsed request as the sandbox's handlers see it. */
export interface SandboxRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  /** Form fields (application/x-www-form-urlencoded) or the parsed JSON body; null when neither. */
  readonly form: URLSearchParams | null;
  readonly json: unknown;
  readonly rawBody: string;
}

/** What a handler answers. */
export interface SandboxResponse {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Sent as text/html instead of JSON. */
  readonly html?: string;
}

export const json = (status: number, body?: unknown, headers?: Record<string, string>): SandboxResponse => ({
  status,
  body,
  headers,
});

/** Reads a request body (capped: the sandbox is a test tool, not a target for big uploads). */
export async function readRequest(req: IncomingMessage): Promise<SandboxRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('request body over 1 MB');
    chunks.push(chunk as Buffer);
  }
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  let json: unknown = null;
  let form: URLSearchParams | null = null;
  if (type.includes('application/json') && rawBody) {
    try {
      json = JSON.parse(rawBody);
    } catch {
      json = undefined;
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    form = new URLSearchParams(rawBody);
  }
  return {
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', 'http://sandbox.invalid'),
    headers: req.headers,
    form,
    json,
    rawBody,
  };
}

/** Writes a handler's answer. */
export function send(res: ServerResponse, answer: SandboxResponse): void {
  if (answer.html !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
    res.end(answer.html);
    return;
  }
  if (answer.body === undefined) {
    res.writeHead(answer.status, answer.headers);
    res.end();
    return;
  }
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...answer.headers,
  });
  res.end(text);
}

/** Escapes text for the sandbox's small HTML pages. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
