import { loadDotEnv, localEnvironment, readLocalConfig } from './lib/local-config';
import { bin, ProcessGroup } from './lib/processes';

// npm run dev: the extension rebuilt on change (dist/extension-dev), the site with hot reload, the sandbox restarted on change.
loadDotEnv();
const config = readLocalConfig(process.env);
const env = localEnvironment(process.env, config);

const group = new ProcessGroup();
group.start(
  bin('tsx'),
  ['watch', 'scripts/provider-sandbox.ts', '--port', String(config.sandboxPort), '--site-url', config.siteUrl],
  env,
);
group.start(bin('wxt'), [], env);
group.start(bin('astro'), ['dev', '--port', String(config.port), '--host', config.host], env);
group.stopTogether();
console.log(
  `Dev mode: site ${config.siteUrl}, extension folder dist/extension-dev (load it unpacked). Ctrl-C stops all.`,
);
