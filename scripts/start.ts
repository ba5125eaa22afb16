import { resolve } from 'node:path';
import { ALL_LICENSE_TIERS } from '../shared/licenses/license-tiers';
import { loadDotEnv, localEnvironment, readLocalConfig } from './lib/local-config';
import { bin, ProcessGroup, run, waitForHttp } from './lib/processes';
import { demoKeyName } from './provider-sandbox/seed';

// npm start: build the extension and the site, then serve the site with the provider sandbox beside it.
loadDotEnv();
const config = readLocalConfig(process.env);
const env = localEnvironment(process.env, config);
const extensionDir = resolve('dist/extension');

console.log('Building the extension...');
if (!run(bin('wxt'), ['build'], env)) process.exit(1);
console.log('Building the site...');
if (!run(bin('astro'), ['build'], env)) process.exit(1);

const group = new ProcessGroup();
group.start(
  bin('tsx'),
  ['scripts/provider-sandbox.ts', '--port', String(config.sandboxPort), '--site-url', config.siteUrl],
  env,
);
group.start(process.execPath, ['dist/site/server/entry.mjs'], env);
group.stopTogether();

await waitForHttp(`http://127.0.0.1:${config.sandboxPort}/health`);
await waitForHttp(`http://${config.host}:${config.port}/`);
// Opens (on first start: creates) the license database now, not on a buyer's first key.
await fetch(`http://${config.host}:${config.port}/api/licenses/pro/validate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ browserProfile: { id: 'start-up-check', name: 'npm start' } }),
}).catch(() => undefined);
const demoKeys = ALL_LICENSE_TIERS.map(
  (tier) =>
    `  ${`${tier / 3} browser profile${tier === 3 ? '' : 's'}:`.padEnd(20)} ${demoKeyName('lemonsqueezy', tier, 'valid')}`,
).join('\n');
console.log(`
Clickreel is running.
  Site:              ${config.siteUrl}
  Provider sandbox:  http://127.0.0.1:${config.sandboxPort}
  Extension folder:  ${extensionDir}

Demo Pro keys (sandbox; paste one on ${config.siteUrl}/licenses):
${demoKeys}

Load the extension: open chrome://extensions (Brave: brave://extensions), switch on
"Developer mode", click "Load unpacked" and choose the extension folder above.
Press Ctrl-C to stop.`);
