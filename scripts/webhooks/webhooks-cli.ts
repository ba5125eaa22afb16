import { parseArgs } from 'node:util';
import { Polar } from '@polar-sh/sdk';
import { HTTPClient } from '@polar-sh/sdk/lib/http.js';
import { HTTPValidationError } from '@polar-sh/sdk/models/errors/httpvalidationerror.js';
import { PolarError } from '@polar-sh/sdk/models/errors/polarerror.js';
import { ResourceNotFound } from '@polar-sh/sdk/models/errors/resourcenotfound.js';
import { ResponseValidationError } from '@polar-sh/sdk/models/errors/responsevalidationerror.js';
import { SDKValidationError } from '@polar-sh/sdk/models/errors/sdkvalidationerror.js';
import { ALL_WEBHOOK_COMMANDS, UsageError, WEBHOOK_COMMANDS, type WebhookCommand } from './webhook-commands';

export const HELP = `Usage: npm run webhooks -- <command> [options]

Manages Polar webhook endpoints through @polar-sh/sdk. Reads POLAR_ACCESS_TOKEN (required), POLAR_API_URL
(default https://api.polar.sh; the sandbox: http://127.0.0.1:4322) and POLAR_ORGANIZATION_ID.

Commands:
  list [--page N] [--limit N]              endpoints, every page from --page on (default page 1, limit 10)
  create --url URL --events E1,E2 [--format raw|discord|slack] [--name NAME] [--secret SECRET]
  get <endpoint-id>
  update <endpoint-id> [--url URL] [--events E1,E2] [--format F] [--name NAME] [--enabled true|false]
         [--secret SECRET]                 --secret: the endpoint's signing secret (else Polar makes one)
  delete <endpoint-id>
  rotate-secret <endpoint-id>              a new signing secret for the endpoint
  deliveries [--endpoint ID] [--page N] [--limit N]
  redeliver <event-id>                     sends an event to its endpoints again
  --help                                   this text`;

/** Where the CLI writes: standard output and error (tests capture them). */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const OPTIONS = {
  page: { type: 'string' },
  limit: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  format: { type: 'string' },
  name: { type: 'string' },
  enabled: { type: 'string' },
  endpoint: { type: 'string' },
  secret: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function number(value: string | undefined, fallback: number): number {
  // Passed to the SDK as it is: a non-integer fails the SDK's input validation, with its message.
  return value === undefined ? fallback : Number(value);
}

/**
 * An HTTP client for the SDK that adds `secret` to the body of an endpoint's create (POST) or update (PATCH): the
 * API takes it (Polar's API reference), @polar-sh/sdk 0.x has no field for it. The request is otherwise the
 * SDK's, so its answer is still read, and its errors named, by the SDK.
 */
export function endpointSecretClient(secret: string): HTTPClient {
  const client = new HTTPClient();
  client.addHook('beforeRequest', async (request) => {
    const endpointBody = /^\/v1\/webhooks\/endpoints(\/[^/]+)?\/?$/.test(new URL(request.url).pathname);
    if (!endpointBody || !['POST', 'PATCH'].includes(request.method)) return request;
    const body = JSON.parse((await request.clone().text()) || '{}') as Record<string, unknown>;
    return new Request(request, { body: JSON.stringify({ ...body, secret }) });
  });
  return client;
}

/** One line per error the user can act on. */
export function describeError(error: unknown): string {
  if (error instanceof ResourceNotFound) return `Not found (404): ${error.detail}`;
  if (error instanceof HTTPValidationError) {
    const issues = (error.detail ?? []).map((issue) => `${issue.loc.join('.')}: ${issue.msg}`);
    return `Validation error (422): ${issues.join('; ') || 'the request was refused'}`;
  }
  // Response first: SDKValidationError's instanceof matches anything with pretty(), a response error too.
  if (error instanceof ResponseValidationError)
    return `Response validation failed: ${error.pretty().split('\n').slice(0, 6).join(' ')}`;
  if (error instanceof SDKValidationError)
    return `Input validation failed: ${error.pretty().split('\n').slice(0, 6).join(' ')}`;
  if (error instanceof PolarError) return `Polar answered ${error.statusCode}: ${error.body.slice(0, 300)}`;
  return error instanceof Error ? error.message : String(error);
}

type ParsedCommandLine = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;

/** A command line that passed the checks made before any call: a known command and an access token. */
interface Invocation {
  readonly command: WebhookCommand;
  readonly ids: string[];
  readonly values: ParsedCommandLine['values'];
  readonly accessToken: string;
}

/** Reads the command line; an exit code when the CLI stops there (help, wrong usage, no token). */
function invocation(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  output: CliOutput,
): Invocation | number {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    output.err(`error: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...ids] = positionals;
  if (values.help || !command) {
    output.out(HELP);
    return values.help ? 0 : 2;
  }
  if (!(ALL_WEBHOOK_COMMANDS as readonly string[]).includes(command)) {
    output.err(`error: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  if (!env.POLAR_ACCESS_TOKEN) {
    output.err(
      'error: set POLAR_ACCESS_TOKEN to an organization access token (for the provider sandbox: see the README).',
    );
    return 2;
  }
  return { command: command as WebhookCommand, ids, values, accessToken: env.POLAR_ACCESS_TOKEN };
}

/** Runs one command; returns the process exit code (0 done, 1 refused by the API, 2 wrong usage). */
export async function runWebhooksCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  output: CliOutput,
): Promise<number> {
  const found = invocation(argv, env, output);
  if (typeof found === 'number') return found;
  const { command, ids, values } = found;
  const polar = new Polar({
    accessToken: found.accessToken,
    serverURL: env.POLAR_API_URL || undefined,
    httpClient: values.secret === undefined ? undefined : endpointSecretClient(values.secret),
  });
  try {
    if (values.secret !== undefined && command !== 'create' && command !== 'update') {
      throw new UsageError('--secret goes with create or update.');
    }
    await WEBHOOK_COMMANDS[command]({
      polar,
      ids,
      options: values,
      organizationId: env.POLAR_ORGANIZATION_ID || undefined,
      page: number(values.page, 1),
      limit: number(values.limit, 10),
      out: (line) => output.out(line),
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`error: ${error.message}\n\n${HELP}`);
      return 2;
    }
    output.err(`error: ${describeError(error)}`);
    return 1;
  }
}
