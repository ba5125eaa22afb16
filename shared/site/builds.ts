import { isRecord } from '../data/plain-objects';

/** How often an open page asks whether a new build was deployed. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Where the latest build's id is published (never cached: asked with a cache-busting timestamp). */
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** What a build publishes about itself. */
export interface BuildInfo {
  readonly id: string;
  /** When it was built (epoch ms). */
  readonly timestamp: number;
}

/** A build's manifest: its id and the prerendered routes it serves. */
export interface BuildManifest extends BuildInfo {
  readonly routes: readonly string[];
}

/** The latest build info's URL, made unique by `now` so no cache on the way answers for the server. */
export function latestBuildUrl(now: number): string {
  return `${LATEST_BUILD_PATH}?t=${now}`;
}

/** The URL of the manifest of build `id`. */
export function buildManifestUrl(id: string): string {
  return `/builds/meta/${encodeURIComponent(id)}.json`;
}

/**
 * The build info in a response body, or null when it is not one. Checked by hand, not with zod: this runs on every
 * page, whose script budget a validation library would take most of.
 */
export function parseBuildInfo(body: unknown): BuildInfo | null {
  if (!isRecord(body) || typeof body.id !== 'string' || body.id === '') return null;
  return { id: body.id, timestamp: typeof body.timestamp === 'number' ? body.timestamp : 0 };
}

/** The build manifest in a response body, or null when it is not one. */
export function parseBuildManifest(body: unknown): BuildManifest | null {
  const info = parseBuildInfo(body);
  if (!info || !isRecord(body) || !Array.isArray(body.routes)) return null;
  return { ...info, routes: body.routes.filter((route): route is string => typeof route === 'string') };
}

/** A different build is deployed than the one this page runs (an unreadable answer says nothing). */
export function isNewBuild(currentId: string, latest: BuildInfo | null): boolean {
  return latest !== null && latest.id !== currentId;
}
