import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { extensionManifest } from '../../extension/manifest';
import { readBuildConfig } from '../../shared/config/build-config';
import { bin } from './processes';
import { checkNextVersion, releaseChangelog, withPackageVersion } from './release';

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

- A new thing.

## [0.1.0]

- The first version.
`;

describe('release rules', () => {
  test('the next version is a newer major.minor.patch', () => {
    expect(() => checkNextVersion('0.2.0', '0.1.0')).not.toThrow();
    expect(() => checkNextVersion('0.1.0', '0.1.0')).toThrow('0.1.0 is not newer than the current version, 0.1.0.');
    expect(() => checkNextVersion('0.0.9', '0.1.0')).toThrow('not newer');
    expect(() => checkNextVersion('v1', '0.1.0')).toThrow('"v1" is not a release version');
  });

  test('the Unreleased section becomes the release, under a new empty one', () => {
    expect(releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01')).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-12-01

- A new thing.

## [0.1.0]

- The first version.
`);
  });

  test('nothing to release, no Unreleased section, or a version released already: an error naming it', () => {
    const empty = releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01');
    expect(() => releaseChangelog(empty, '0.3.0', '2026-12-02')).toThrow('lists nothing under "## [Unreleased]"');
    expect(() => releaseChangelog('# Changelog\n', '0.2.0', '2026-12-01')).toThrow('no "## [Unreleased]" section');
    expect(() => releaseChangelog(CHANGELOG, '0.1.0', '2026-12-01')).toThrow('already has a section for 0.1.0');
  });

  test('package.json and its lock get the version, their formatting kept', () => {
    expect(withPackageVersion('{\n  "name": "x",\n  "version": "0.1.0"\n}\n', '0.2.0')).toBe(
      '{\n  "name": "x",\n  "version": "0.2.0"\n}\n',
    );
    const lock = JSON.parse(
      withPackageVersion(
        '{"version":"0.1.0","packages":{"":{"version":"0.1.0"},"node_modules/a":{"version":"1"}}}',
        '0.2.0',
        true,
      ),
    );
    expect([lock.version, lock.packages[''].version, lock.packages['node_modules/a'].version]).toEqual([
      '0.2.0',
      '0.2.0',
      '1',
    ]);
  });

  test('the manifest names no version of its own: WXT takes package.json’s', () => {
    expect(extensionManifest(readBuildConfig({}))).not.toHaveProperty('version');
  });
});

describe('npm run release (on a temporary copy of the repository’s files)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function copy(): string {
    dir = mkdtempSync(join(tmpdir(), 'clickreel-release-'));
    for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md']) {
      writeFileSync(join(dir, file), readFileSync(file));
    }
    return dir;
  }
  const release = (cwd: string, ...args: string[]) =>
    spawnSync(bin('tsx'), [join(import.meta.dirname, '../release.ts'), ...args], { cwd, encoding: 'utf8' });
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');

  test('bumps package.json, package-lock.json and the changelog together', () => {
    const cwd = copy();
    const current = JSON.parse(read('package.json')).version as string;
    const [major, minor] = current.split('.').map(Number) as [number, number];
    const next = `${major}.${minor + 1}.0`;
    const result = release(cwd, next, '--date', '2027-01-05');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Released ${current} → ${next} (2027-01-05)`);
    expect(JSON.parse(read('package.json')).version).toBe(next);
    const lock = JSON.parse(read('package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual([next, next]);
    expect(read('CHANGELOG.md')).toContain(`## [Unreleased]\n\n## [${next}] - 2027-01-05\n`);
  });

  test('refuses a version that is not newer, and changes nothing', () => {
    const cwd = copy();
    const before = ['package.json', 'package-lock.json', 'CHANGELOG.md'].map(read);
    const result = release(cwd, '0.0.1');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('0.0.1 is not newer than the current version');
    expect(['package.json', 'package-lock.json', 'CHANGELOG.md'].map(read)).toEqual(before);
  });

  test('--help explains it; no version is a usage error', () => {
    const cwd = copy();
    const help = release(cwd, '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run release -- <version>');
    const none = release(cwd);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Name one version to release.');
  });
});
