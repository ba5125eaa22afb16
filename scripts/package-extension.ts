import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnv } from './lib/local-config';
import { bin, run } from './lib/processes';
import { storeBuildEnvironment, storePackageProblems } from './lib/store-package';

// npm run package: the extension as the Chrome Web Store takes it, zipped into dist/ by WXT.
const HELP = `Usage: npm run package -- [--allow-development]

Builds the extension for the Chrome Web Store and zips it with WXT (wxt zip) into dist/ (BUILD_DIR/ when set):
no manifest key (the store assigns the id), the version from package.json, no test hooks, no source maps. The
site it opens and answers come from SITE_URL and SITE_ORIGINS (and .env), as for any build.

It refuses development settings: SITE_URL unset, on this machine or not https, SITE_ORIGINS likewise, and the
development extension's id in TRUSTED_EXTENSION_IDS.

Options:
  --allow-development  package anyway (a zip to try out, never to upload)
  -h, --help           show this help`;

let options: { 'allow-development'?: boolean; help?: boolean };
try {
  options = parseArgs({
    options: { 'allow-development': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

loadDotEnv();
const problems = storePackageProblems(process.env);
if (problems.length > 0) {
  const lines = problems.map((problem) => `  - ${problem}`).join('\n');
  if (!options['allow-development']) {
    console.error(`Not packaging for the store, the configuration is a development one:\n${lines}
Set them for the public site (see README, Production), or pass --allow-development for a zip to try out.`);
    process.exit(1);
  }
  console.warn(`Packaging with development settings (--allow-development), not for upload:\n${lines}`);
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const outDir = resolve(process.env.BUILD_DIR || 'dist');
// Mode "store": WXT builds into extension-store/, beside (not over) the development build in extension/.
if (!run(bin('wxt'), ['zip', '--mode', 'store'], storeBuildEnvironment(process.env))) {
  console.error('Building or zipping the extension failed (see the output above).');
  process.exit(1);
}
const zip = resolve(outDir, `clickreel-${version}-chrome.zip`);
const manifest = JSON.parse(readFileSync(resolve(outDir, 'extension-store/manifest.json'), 'utf8')) as {
  version: string;
  key?: string;
};
// What the store would reject or misread: a pinned key, a version other than package.json's.
if ('key' in manifest || manifest.version !== version) {
  console.error(`The built manifest is not the store's: version ${manifest.version}, key ${'key' in manifest}.`);
  process.exit(1);
}
const { size } = statSync(zip);
console.log(`
Packaged Clickreel ${version} for the Chrome Web Store:
  zip:      ${zip}
  size:     ${(size / 1024).toFixed(1)} KiB (${size} bytes)
  version:  ${version}`);
