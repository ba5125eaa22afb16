// biome-ignore-all lint/suspicious/noExplicitAny: tests read whatever the servers answered.
import { inject } from 'vitest';
import type { BrowserProfile } from '../../shared/profile/browser-profile';

/** A browser profile for HTTP tests: a stable id per name. */
export function testProfile(name: string): BrowserProfile {
  return { id: `profile-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-0000`, name };
}

/** POSTs JSON to the site (or `base`); returns the status, parsed body and headers. */
export async function postJson(
  path: string,
  body: unknown,
  init: { headers?: Record<string, string>; base?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${init.base ?? inject('siteUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Calls a license endpoint for a key and profile. */
export function licenseCall(
  action: 'activate' | 'validate',
  key: string | undefined,
  profile: BrowserProfile,
  base?: string,
) {
  return postJson(`/api/licenses/pro/${action}`, { license: { key }, browserProfile: profile }, { base });
}

/** Frees `releaseId`'s slot on a key, asked by `asking`. */
export function releaseCall(key: string, asking: BrowserProfile, releaseId: string, base?: string) {
  return postJson(
    '/api/licenses/pro/release',
    { license: { key }, browserProfile: asking, releaseBrowserProfileId: releaseId },
    { base },
  );
}

/** Calls the sandbox's control API. */
export async function sandboxControl(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${inject('sandboxUrl')}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status === 204 ? null : response.json();
}

/** `count` activations of one key sent at once, dealt in turn to the site instances at `bases`. */
export function concurrentActivations(
  key: string,
  profiles: readonly BrowserProfile[],
  count: number,
  bases: readonly (string | undefined)[] = [undefined],
) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      licenseCall('activate', key, profiles[i % profiles.length] as BrowserProfile, bases[i % bases.length]),
    ),
  );
}

/** The labels of a key's activations at the sandbox's provider: the browser profiles it counts. */
export async function providerActivations(key: string): Promise<string[]> {
  const keys = (await sandboxControl('GET', '/sandbox/keys')) as { key: string; activations: string[] }[];
  return keys.find((k) => k.key === key)?.activations ?? [];
}
