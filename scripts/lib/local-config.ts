import { existsSync } from 'node:fs';
import { DEFAULT_SITE_URL } from '../../shared/config/build-config';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../provider-sandbox/seed';

/** Defaults for running everything on one machine: the site, and the provider sandbox standing in for the providers. */
export interface LocalConfig {
  readonly port: number;
  readonly host: string;
  readonly siteUrl: string;
  readonly sandboxPort: number;
}

function portFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a whole number from 1 to 65535, got "${value}"`);
  }
  return port;
}

/** Reads PORT, HOST, SITE_URL and SANDBOX_PORT, filling in local defaults. */
export function readLocalConfig(env: NodeJS.ProcessEnv): LocalConfig {
  const port = portFrom(env.PORT, Number(new URL(DEFAULT_SITE_URL).port), 'PORT');
  const host = env.HOST || 'localhost';
  const siteUrl = env.SITE_URL || `http://localhost:${port}`;
  return { port, host, siteUrl, sandboxPort: portFrom(env.SANDBOX_PORT, 4322, 'SANDBOX_PORT') };
}

/**
 * The environment the site and the extension build get: provider URLs point at the sandbox unless set, and
 * while Polar is the sandbox, the site gets the sandbox's token and webhook secret (through the environment,
 * as real secrets come).
 */
export function localEnvironment(env: NodeJS.ProcessEnv, config: LocalConfig): NodeJS.ProcessEnv {
  const sandboxUrl = `http://127.0.0.1:${config.sandboxPort}`;
  const polarIsSandbox = !env.POLAR_API_URL;
  return {
    ...env,
    PORT: String(config.port),
    HOST: config.host,
    SITE_URL: config.siteUrl,
    POLAR_API_URL: env.POLAR_API_URL || sandboxUrl,
    LEMONSQUEEZY_API_URL: env.LEMONSQUEEZY_API_URL || sandboxUrl,
    POLAR_ACCESS_TOKEN: env.POLAR_ACCESS_TOKEN || (polarIsSandbox ? SANDBOX_ACCESS_TOKEN : ''),
    POLAR_WEBHOOK_SECRET: env.POLAR_WEBHOOK_SECRET || (polarIsSandbox ? SANDBOX_WEBHOOK_SECRET : ''),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** Loads a .env file at the root into process.env, when there is one; variables already set win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
