import { DEFAULT_SITE_URL } from '../../shared/config/build-config';
import { DEVELOPMENT_EXTENSION_KEY } from '../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../shared/config/extension-id';

type Environment = Record<string, string | undefined>;

/** Hosts that only a developer's own machine reaches. */
const LOCAL_HOST = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Why an origin cannot be a store build's site, or null when it can. */
function originProblem(name: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL: ${value}`;
  }
  if (LOCAL_HOST.test(url.hostname)) return `${name} is a development address (${value}): set the site's public URL.`;
  if (url.protocol !== 'https:') return `${name} is not https (${value}).`;
  return null;
}

/**
 * What makes a build unfit for the Chrome Web Store: a site URL (or an extra origin) on this machine or without
 * https, and the development extension's id among the trusted ones. One sentence per problem; empty: fit.
 */
export function storePackageProblems(env: Environment): string[] {
  const problems: string[] = [];
  const siteUrl = env.SITE_URL?.trim();
  if (!siteUrl) problems.push(`SITE_URL is not set: the extension would open ${DEFAULT_SITE_URL}.`);
  else {
    const problem = originProblem('SITE_URL', siteUrl);
    if (problem) problems.push(problem);
  }
  for (const origin of list(env.SITE_ORIGINS)) {
    const problem = originProblem('SITE_ORIGINS', origin);
    if (problem) problems.push(problem);
  }
  const developmentId = extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY);
  if (list(env.TRUSTED_EXTENSION_IDS).includes(developmentId)) {
    problems.push(`TRUSTED_EXTENSION_IDS names the development extension's id (${developmentId}).`);
  }
  return problems;
}

/**
 * The environment of a store build: no pinned key (EXTENSION_KEY=none: the store assigns the id), no test hooks, a
 * production build of the libraries; everything else (SITE_URL, SITE_ORIGINS, TRUSTED_EXTENSION_IDS) as configured.
 */
export function storeBuildEnvironment(env: Environment): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) result[name] = value;
  delete result.CLICKREEL_TEST_HOOKS;
  return { ...result, EXTENSION_KEY: 'none', NODE_ENV: 'production' };
}
