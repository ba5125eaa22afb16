import { parseArgs } from 'node:util';
import { startProviderSandbox } from './provider-sandbox/server';

const HELP = `Usage: npm run sandbox -- [--port N] [--host H] [--site-url URL] [--webhook-secret S]

Runs the offline billing-provider sandbox: Lemon Squeezy's License API and the Polar calls Clickreel makes
(customer-portal license keys, customer sessions, webhook management), seeded with demo keys.
  --port N             port to listen on (default: SANDBOX_PORT or 4322)
  --host H             address to bind (default 127.0.0.1)
  --site-url URL       the site: demo checkouts link to its /licenses, webhooks go to its /api/webhooks/polar
                       (default: SITE_URL)
  --webhook-secret S   secret of the site's webhook endpoint (default: POLAR_WEBHOOK_SECRET or the demo secret)
  --help               this text

Control endpoints (JSON): GET /sandbox/keys, POST|DELETE /sandbox/faults, GET|DELETE /sandbox/calls,
POST /sandbox/webhooks/send { type: order.refunded|subscription.revoked|benefit_grant.revoked, key }.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'site-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const port = Number(values.port ?? process.env.SANDBOX_PORT ?? 4322);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`error: --port must be a whole number from 0 to 65535, got ${values.port}`);
  process.exit(2);
}

const sandbox = await startProviderSandbox({
  port,
  host: values.host,
  siteUrl: values['site-url'] ?? process.env.SITE_URL,
  webhookSecret: values['webhook-secret'] ?? (process.env.POLAR_WEBHOOK_SECRET || undefined),
});
console.log(`Provider sandbox listening on ${sandbox.url} (demo keys: GET ${sandbox.url}/sandbox/keys)`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
