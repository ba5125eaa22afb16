// npm run package, as a release is made: it refuses development settings, and with a production configuration
// writes a zip the Chrome Web Store takes (no pinned key, package.json's version, no test hooks, no source maps).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { spawnTree } from '../../scripts/lib/process-tree';
import { DEVELOPMENT_EXTENSION_KEY } from '../../shared/config/development-extension-key';
import { extensionIdFromKey } from '../../shared/config/extension-id';

const PUBLIC_SITE_URL = 'https://clickreel.example';
const STORE_EXTENSION_ID = 'ponmlkjihgfedcbaponmlkjihgfedcba';
/** What the test hooks leave in a bundle (exposeTestHooks's global and the hooks' names survive minifying). */
const TEST_HOOK_MARKERS = ['globalThis.clickreel', 'loadBrowserProfile:'];

/** Runs `npm run package` (its script) with `env` over a clean environment; resolves with its exit and output. */
function runPackage(env: Record<string, string>, args: string[] = []) {
  const base = { ...process.env };
  for (const name of ['SITE_URL', 'SITE_ORIGINS', 'TRUSTED_EXTENSION_IDS', 'EXTENSION_KEY', 'BUILD_DIR']) {
    delete base[name];
  }
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    // A tree of its own (builds, a browser): stopped with this test file's process if the test gives up on it.
    const { child } = spawnTree(process.execPath, ['--import', 'tsx', 'scripts/package-extension.ts', ...args], {
      env: { ...base, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Bundle files of an extension folder that contain any of `markers`. */
async function filesWith(dir: string, markers: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of (await filesUnder(dir)).filter((f) => /\.(js|html)$/.test(f))) {
    const text = await readFile(file, 'utf8');
    for (const marker of markers) if (text.includes(marker)) found.push(`${file}: ${marker}`);
  }
  return found;
}

describe('npm run package', () => {
  test.each([
    ['SITE_URL unset', {}, 'SITE_URL is not set'],
    ['a localhost SITE_URL', { SITE_URL: 'http://localhost:4321' }, 'SITE_URL is a development address'],
    [
      'the development extension trusted',
      { SITE_URL: PUBLIC_SITE_URL, TRUSTED_EXTENSION_IDS: extensionIdFromKey(DEVELOPMENT_EXTENSION_KEY) },
      "TRUSTED_EXTENSION_IDS names the development extension's id",
    ],
  ])('refuses development settings: %s', async (_what, env, expected) => {
    const buildDir = await mkdtemp(join(inject('buildDir'), 'package-refused-'));
    const result = await runPackage({ ...env, BUILD_DIR: buildDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Not packaging for the store');
    expect(result.stderr).toContain(expected);
    expect(result.stderr).toContain('--allow-development');
    expect(await readdir(buildDir)).toEqual([]);
  });

  // The limit guards against a hang only: the build in it took over 90 s on a loaded 2-core machine.
  test('with a production configuration: a store zip with no key, the version, no test hooks or maps', {
    timeout: 420_000,
  }, async () => {
    const buildDir = await mkdtemp(join(inject('buildDir'), 'package-'));
    // Test hooks asked for in the environment are left out all the same.
    const result = await runPackage({
      SITE_URL: PUBLIC_SITE_URL,
      TRUSTED_EXTENSION_IDS: STORE_EXTENSION_ID,
      CLICKREEL_TEST_HOOKS: '1',
      BUILD_DIR: buildDir,
    });
    expect(result.code, result.stderr).toBe(0);
    const { version } = JSON.parse(await readFile('package.json', 'utf8'));
    const zip = resolve(buildDir, `clickreel-${version}-chrome.zip`);
    expect(result.stdout).toContain(`zip:      ${zip}`);
    expect(result.stdout).toMatch(/size: +[\d.]+ KiB \(\d+ bytes\)/);
    expect(result.stdout).toContain(`version:  ${version}`);
    expect(existsSync(zip)).toBe(true);

    const unpacked = join(buildDir, 'unpacked');
    const unzip = spawnSync('unzip', ['-q', zip, '-d', unpacked], { encoding: 'utf8' });
    expect(unzip.status, unzip.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest).not.toHaveProperty('key');
    expect(manifest.version).toBe(version);
    expect(manifest.externally_connectable.matches).toEqual([`${PUBLIC_SITE_URL}/*`]);
    const files = await filesUnder(unpacked);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(await filesWith(unpacked, ['sourceMappingURL', ...TEST_HOOK_MARKERS, 'localhost:'])).toEqual([]);
    // The markers are the right ones: this run's test build, made with the hooks, has them.
    const testBuild = await filesWith(join(inject('buildDir'), 'extension'), TEST_HOOK_MARKERS);
    expect(testBuild.length).toBe(TEST_HOOK_MARKERS.length);
  });
});
