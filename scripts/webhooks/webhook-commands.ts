import type { Polar } from '@polar-sh/sdk';

// What each of the webhooks CLI's commands does, through @polar-sh/sdk, once webhooks-cli.ts has read the command line.

/** The CLI's commands: Polar's eight webhook-management calls. */
export const ALL_WEBHOOK_COMMANDS = [
  'list',
  'create',
  'get',
  'update',
  'delete',
  'rotate-secret',
  'deliveries',
  'redeliver',
] as const;
export type WebhookCommand = (typeof ALL_WEBHOOK_COMMANDS)[number];

/** Wrong usage: the CLI prints the message with its help and exits 2. */
export class UsageError extends Error {}

/** What a command works with: the SDK, the command line's ids and options, and standard output. */
export interface CommandContext {
  readonly polar: Polar;
  /** The positionals after the command. */
  readonly ids: readonly string[];
  readonly options: {
    readonly url?: string | undefined;
    readonly events?: string | undefined;
    readonly format?: string | undefined;
    readonly name?: string | undefined;
    readonly enabled?: string | undefined;
    readonly endpoint?: string | undefined;
  };
  readonly organizationId: string | undefined;
  readonly page: number;
  readonly limit: number;
  out(line: string): void;
}

function requiredId(ids: readonly string[], what: string): string {
  const id = ids[0];
  if (!id) throw new UsageError(`Missing the ${what} id.`);
  return id;
}

function list(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
}

function printJson(context: CommandContext, value: unknown): void {
  context.out(JSON.stringify(value, null, 2));
}

function endpointLine(e: { id: string; url: string; format: string; enabled: boolean; events: string[] }): string {
  return `${e.id}  ${e.url}  ${e.format}${e.enabled ? '' : ' (disabled)'}  ${e.events.join(',')}`;
}

function deliveryLine(d: {
  id: string;
  createdAt: Date;
  succeeded: boolean;
  httpCode: number | null;
  webhookEvent: { id: string; type: string };
}): string {
  return `${d.id}  ${d.createdAt.toISOString()}  ${d.webhookEvent.type}  event ${d.webhookEvent.id}  ${d.succeeded ? 'succeeded' : 'failed'}${d.httpCode === null ? '' : ` (HTTP ${d.httpCode})`}`;
}

async function listEndpoints({ polar, organizationId, page, limit, out }: CommandContext): Promise<void> {
  let count = 0;
  for await (const result of await polar.webhooks.listWebhookEndpoints({ organizationId, page, limit })) {
    for (const endpoint of result.result.items) out(endpointLine(endpoint));
    count += result.result.items.length;
  }
  out(`${count} endpoint${count === 1 ? '' : 's'}`);
}

async function createEndpoint(context: CommandContext): Promise<void> {
  const { options } = context;
  if (!options.url || !options.events) throw new UsageError('create needs --url and --events.');
  printJson(
    context,
    await context.polar.webhooks.createWebhookEndpoint({
      url: options.url,
      events: list(options.events) as never,
      format: (options.format ?? 'raw') as never,
      name: options.name,
      organizationId: context.organizationId,
    }),
  );
}

async function getEndpoint(context: CommandContext): Promise<void> {
  printJson(context, await context.polar.webhooks.getWebhookEndpoint({ id: requiredId(context.ids, 'endpoint') }));
}

async function updateEndpoint(context: CommandContext): Promise<void> {
  const { options } = context;
  const id = requiredId(context.ids, 'endpoint');
  if (options.enabled !== undefined && !['true', 'false'].includes(options.enabled)) {
    throw new UsageError('--enabled is true or false.');
  }
  printJson(
    context,
    await context.polar.webhooks.updateWebhookEndpoint({
      id,
      webhookEndpointUpdate: {
        url: options.url,
        events: list(options.events) as never,
        format: options.format as never,
        name: options.name,
        enabled: options.enabled === undefined ? undefined : options.enabled === 'true',
      },
    }),
  );
}

async function deleteEndpoint({ polar, ids, out }: CommandContext): Promise<void> {
  const id = requiredId(ids, 'endpoint');
  await polar.webhooks.deleteWebhookEndpoint({ id });
  out(`Deleted ${id}`);
}

async function rotateSecret(context: CommandContext): Promise<void> {
  const id = requiredId(context.ids, 'endpoint');
  printJson(context, await context.polar.webhooks.resetWebhookEndpointSecret({ id }));
}

async function listDeliveries({ polar, options, page, limit, out }: CommandContext): Promise<void> {
  let count = 0;
  const request = { endpointId: options.endpoint, page, limit };
  for await (const result of await polar.webhooks.listWebhookDeliveries(request)) {
    for (const d of result.result.items) out(deliveryLine(d));
    count += result.result.items.length;
  }
  out(`${count} deliver${count === 1 ? 'y' : 'ies'}`);
}

async function redeliverEvent({ polar, ids, out }: CommandContext): Promise<void> {
  const id = requiredId(ids, 'event');
  await polar.webhooks.redeliverWebhookEvent({ id });
  out(`Redelivery of ${id} requested`);
}

/** Each command's step; it throws a UsageError for wrong usage and lets the SDK's errors through. */
export const WEBHOOK_COMMANDS: Readonly<Record<WebhookCommand, (context: CommandContext) => Promise<void>>> = {
  list: listEndpoints,
  create: createEndpoint,
  get: getEndpoint,
  update: updateEndpoint,
  delete: deleteEndpoint,
  'rotate-secret': rotateSecret,
  deliveries: listDeliveries,
  redeliver: redeliverEvent,
};
