import { loadDotEnv } from './lib/local-config';
import { runWebhooksCli } from './webhooks/webhooks-cli';

// npm run webhooks -- <command>: Polar webhook endpoint management (see --help).
loadDotEnv();
const code = await runWebhooksCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
