import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkNextVersion, releaseChangelog, withPackageVersion } from './lib/release';

// npm run release -- <version>: one version for the extension and the site, written everywhere it is kept.
const HELP = `Usage: npm run release -- <version> [--date YYYY-MM-DD]

Releases the changes listed under "## [Unreleased]" in CHANGELOG.md as <version> (major.minor.patch, newer than
package.json's): package.json and package-lock.json get the version, the extension's manifest takes it from
package.json when built (npm run package), and CHANGELOG.md's Unreleased section becomes "## [<version>] - <date>"
under a new, empty Unreleased section. Run it in the repository's root, then review and commit the three files.

Options:
  --date YYYY-MM-DD  the release date written in the changelog (default: today, UTC)
  -h, --help         show this help`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: { date: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${HELP}`, 2);
  }
}

const parsed = parseCommandLine();
if (parsed.values.help) {
  console.log(HELP);
  process.exit(0);
}
if (parsed.positionals.length !== 1) fail(`Name one version to release.\n\n${HELP}`, 2);
const version = parsed.positionals[0] as string;
const date = parsed.values.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
  fail(`--date ${date} is not a YYYY-MM-DD date.`, 2);

for (const file of ['package.json', 'CHANGELOG.md']) {
  if (!existsSync(file)) fail(`${file} is not here: run npm run release in the repository's root.`);
}
const packageJson = readFileSync('package.json', 'utf8');
const current = (JSON.parse(packageJson) as { version: string }).version;
let changelog: string;
try {
  checkNextVersion(version, current);
  changelog = releaseChangelog(readFileSync('CHANGELOG.md', 'utf8'), version, date);
} catch (error) {
  fail((error as Error).message);
}
// Everything is checked before anything is written: a refused release changes no file.
writeFileSync('package.json', withPackageVersion(packageJson, version));
if (existsSync('package-lock.json')) {
  writeFileSync('package-lock.json', withPackageVersion(readFileSync('package-lock.json', 'utf8'), version, true));
}
writeFileSync('CHANGELOG.md', changelog);
console.log(`Released ${current} → ${version} (${date}): package.json, package-lock.json and CHANGELOG.md updated.
The extension's manifest takes ${version} from package.json: npm run package builds the store zip.`);
