import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HEADERS_TIMEOUT_MS, IDLE_SOCKET_MS } from '../../shared/config/idle-sockets';
import { json, readRequest, type SandboxRequest, type SandboxResponse, send } from './http';
import { handleLemonSqueezy } from './lemonsqueezy-api';
import { handlePolar } from './polar-api';
import { handleControl } from './sandbox-control';
import { type SandboxCredentials, SandboxState } from './sandbox-state';
import { WebhookSender } from './webhook-sender';

/** A running provider sandbox. */
export interface ProviderSandbox {
  readonly url: string;
  readonly port: number;
  /** Its memory, for tests that look inside. */
  readonly state: SandboxState;
  close(): Promise<void>;
}

/** Options for {@link startProviderSandbox}. */
export interface ProviderSandboxOptions {
  /** Port to listen on; 0 picks a free one. */
  readonly port?: number;
  readonly host?: string;
  /** The site's base URL: the demo checkout links to its /licenses, and a webhook endpoint is seeded for it. */
  readonly siteUrl?: string;
  /** Secret of the seeded webhook endpoint (default: the sandbox's demo secret). */
  readonly webhookSecret?: string;
  /**
   * The account it accepts (access token, organization, catalogue); default: its demo account. A test of a
   * production configuration starts it with credentials of its own, as a real provider would have.
   */
  readonly credentials?: SandboxCredentials;
}

function providerOf(path: string): 'lemonsqueezy' | 'polar' | null {
  if (path.startsWith('/v1/licenses/')) return 'lemonsqueezy';
  if (path.startsWith('/v1/')) return 'polar';
  return null;
}

function keyOf(request: SandboxRequest): string | null {
  const fromForm = request.form?.get('license_key');
  if (fromForm) return fromForm;
  const fromJson = (request.json as { key?: unknown } | null)?.key;
  return typeof fromJson === 'string' ? fromJson : null;
}

/** Starts the offline billing-provider sandbox: a real HTTP server speaking Lemon Squeezy's and Polar's contracts. */
export async function startProviderSandbox(options: ProviderSandboxOptions = {}): Promise<ProviderSandbox> {
  const host = options.host ?? '127.0.0.1';
  const siteUrl = options.siteUrl?.replace(/\/+$/, '') ?? null;
  const state = new SandboxState({
    webhookUrl: siteUrl ? `${siteUrl}/api/webhooks/polar` : undefined,
    webhookSecret: options.webhookSecret,
    credentials: options.credentials,
  });
  const sender = new WebhookSender(state);
  let publicUrl = '';

  async function answer(request: SandboxRequest): Promise<SandboxResponse> {
    const provider = providerOf(request.url.pathname);
    if (provider) {
      state.recordCall({ at: Date.now(), provider, path: request.url.pathname, key: keyOf(request) });
      const fault = state.takeFault(provider);
      if (fault?.delayMs) await sleep(fault.delayMs);
      if (fault?.status) {
        const headers: Record<string, string> = fault.status === 429 ? { 'retry-after': '1' } : {};
        return provider === 'polar'
          ? json(fault.status, { error: 'SandboxFault', detail: `Injected ${fault.status}` }, headers)
          : json(fault.status, { error: `Injected ${fault.status}` }, headers);
      }
      if (provider === 'lemonsqueezy') {
        return handleLemonSqueezy(request, state) ?? json(404, { error: 'Not found.' });
      }
      return (
        (await handlePolar(request, state, sender, publicUrl)) ??
        json(404, { error: 'ResourceNotFound', detail: `No route for ${request.method} ${request.url.pathname}` })
      );
    }
    return (
      (await handleControl(request, state, sender, siteUrl)) ??
      json(404, { error: 'ResourceNotFound', detail: `No route for ${request.method} ${request.url.pathname}` })
    );
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readRequest(req)
      .then(answer)
      .then(
        (result) => send(res, result),
        (error: unknown) => send(res, json(500, { error: 'SandboxError', detail: String(error) })),
      );
  });
  server.keepAliveTimeout = IDLE_SOCKET_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  publicUrl = `http://${host}:${port}`;
  return {
    url: publicUrl,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
