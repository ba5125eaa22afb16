import { parseArgs } from 'node:util';
import { startProviderSandbox } from './provider-sandbox/server';

const HELP = `Usage: npm run sandbox -- [--port N] [--host H]

Runs the offline billing-provider sandbox (Polar and Lemon Squeezy contracts).
  --port N   port to listen on (default: SANDBOX_PORT or 4322)
  --host H   address to bind (default 127.0.0.1)
  --help     this text`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
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

const sandbox = await startProviderSandbox({ port, host: values.host });
console.log(`Provider sandbox listening on ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
