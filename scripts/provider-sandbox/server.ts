import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running provider sandbox. */
export interface ProviderSandbox {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Options for {@link startProviderSandbox}. */
export interface ProviderSandboxOptions {
  /** Port to listen on; 0 picks a free one. */
  readonly port?: number;
  readonly host?: string;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  if (req.method === 'GET' && url.pathname === '/health') {
    sendJson(res, 200, { status: 'ok' });
    return;
  }
  // Same error shape as the provider's API: an error name and a human detail.
  sendJson(res, 404, { error: 'ResourceNotFound', detail: `No route for ${req.method} ${url.pathname}` });
}

/** Starts the offline billing-provider sandbox: a real HTTP server speaking the provider's contract. */
export async function startProviderSandbox(options: ProviderSandboxOptions = {}): Promise<ProviderSandbox> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
