import { compareReleaseVersions, parseReleaseVersion } from '../../shared/config/extension-version';

/** The heading of the changes not yet released, which a release renames. */
export const UNRELEASED_HEADING = '## [Unreleased]';

/** A changelog release heading: `## [1.2.0] - 2026-11-26` (the date may be missing). */
const RELEASE_HEADING = /^## \[(\d+\.\d+\.\d+)\]/gm;

/** Throws unless `version` is a release version newer than `current`. */
export function checkNextVersion(version: string, current: string): void {
  if (!parseReleaseVersion(version)) {
    throw new Error(`"${version}" is not a release version: three whole numbers, major.minor.patch (e.g. 1.4.0).`);
  }
  if (compareReleaseVersions(version, current) <= 0) {
    throw new Error(`${version} is not newer than the current version, ${current}.`);
  }
}

/**
 * The changelog with its Unreleased section released as `version` on `date` (YYYY-MM-DD) and a new, empty
 * Unreleased section above it. Throws when there is no Unreleased section, it lists nothing, or `version` is there.
 */
export function releaseChangelog(changelog: string, version: string, date: string): string {
  const start = changelog.indexOf(`${UNRELEASED_HEADING}\n`);
  if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED_HEADING}" section to release.`);
  for (const match of changelog.matchAll(RELEASE_HEADING)) {
    if (match[1] === version) throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  }
  const bodyStart = start + UNRELEASED_HEADING.length + 1;
  const next = changelog.slice(bodyStart).search(/^## /m);
  const body = next < 0 ? changelog.slice(bodyStart) : changelog.slice(bodyStart, bodyStart + next);
  if (body.trim() === '') {
    throw new Error(
      `CHANGELOG.md lists nothing under "${UNRELEASED_HEADING}": write what changed in ${version} first.`,
    );
  }
  return `${changelog.slice(0, start)}${UNRELEASED_HEADING}\n\n## [${version}] - ${date}\n${changelog.slice(bodyStart)}`;
}

/** package.json (or package-lock.json) text with its own version set to `version`, formatting kept. */
export function withPackageVersion(json: string, version: string, lock = false): string {
  const data = JSON.parse(json) as { version?: string; packages?: Record<string, { version?: string }> };
  if (typeof data.version !== 'string') throw new Error('package.json has no version to bump.');
  data.version = version;
  const root = data.packages?.[''];
  if (lock && root) root.version = version;
  const indent = /^[ \t]+/m.exec(json)?.[0] ?? '  ';
  return `${JSON.stringify(data, null, indent)}\n`;
}
