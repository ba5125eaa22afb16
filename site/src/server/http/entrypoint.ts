import http from 'node:http';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExports as createNodeExports } from '@astrojs/node/server.js';
import type { SSRManifest } from 'astro';
import { HEADERS_TIMEOUT_MS, IDLE_SOCKET_MS } from '../../../../shared/config/idle-sockets';
import { drainOnSignal, shutdownGraceMs } from '../production/graceful-shutdown';
import { logConsoleAsJson, withRequestLog } from '../production/json-log';
import { builtTrustedExtensionIds, isProduction, productionProblems } from '../production/production-problems';
import { readTrustedProxies } from './client-address';
import { withExtensionVersionGate } from './extension-version-gate';
import { createSiteHandler } from './site-server';

type AdapterOptions = Parameters<typeof createNodeExports>[1];

/**
 * The built server (`node dist/site/server/entry.mjs`): the Node adapter renders pages and endpoints (in its
 * middleware mode), and createSiteHandler serves everything around it.
 */
export function createExports(manifest: SSRManifest, options: AdapterOptions) {
  const node = createNodeExports(manifest, { ...options, mode: 'middleware' });
  const handler = createSiteHandler(
    clientDirOf(options),
    withExtensionVersionGate(node.handler),
    readTrustedProxies(process.env.TRUSTED_PROXIES),
  );
  return { handler, options, startServer: () => startSiteServer(handler, options) };
}

/**
 * The built client folder beside this server. `options.client` is where the build was made: a build copied or moved
 * elsewhere (a deploy) must serve its own files, not those left at the old path.
 */
function clientDirOf(options: AdapterOptions): string {
  const server = fileURLToPath(options.server);
  let serverDir = dirname(fileURLToPath(import.meta.url));
  while (basename(serverDir) !== basename(server) && dirname(serverDir) !== serverDir) serverDir = dirname(serverDir);
  return resolve(serverDir, relative(server, fileURLToPath(options.client)));
}

function startSiteServer(handler: ReturnType<typeof createSiteHandler>, options: AdapterOptions) {
  const production = isProduction(process.env);
  const port = process.env.PORT ? Number(process.env.PORT) : options.port;
  const configured = typeof options.host === 'boolean' ? (options.host ? '0.0.0.0' : 'localhost') : options.host;
  const host = process.env.HOST ?? configured;
  const server = http.createServer(production ? withRequestLog(handler) : handler);
  server.keepAliveTimeout = IDLE_SOCKET_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  drainOnSignal(server, shutdownGraceMs(process.env));
  server.listen(port, host, () => console.log(`Clickreel site listening on http://${host}:${port}`));
  return server;
}

/** Refuses a production start that is not ready for customers: one line per problem on stderr, exit code 1. */
function refuseUnreadyProduction(): void {
  if (!isProduction(process.env)) return;
  const problems = productionProblems(process.env, builtTrustedExtensionIds());
  try {
    shutdownGraceMs(process.env);
  } catch (error) {
    problems.push(`${(error as Error).message}.`);
  }
  if (problems.length === 0) return;
  for (const problem of problems)
    process.stderr.write(`Not starting in production (NODE_ENV=production): ${problem}\n`);
  process.exit(1);
}

export function start(manifest: SSRManifest, options: AdapterOptions) {
  if (process.env.ASTRO_NODE_AUTOSTART === 'disabled') return;
  refuseUnreadyProduction();
  if (isProduction(process.env)) logConsoleAsJson();
  createExports(manifest, options).startServer();
}
