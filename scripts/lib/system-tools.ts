import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { findPostgresBin } from './postgres-cluster';

/** Places a Chromium-family browser is found when CHROME_PATH is not set. */
const BROWSER_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
] as const;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): string | undefined {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const found = result.stdout.trim();
  return result.status === 0 && found ? found : undefined;
}

/** The browser the tests drive: CHROME_PATH when set, else the first Chromium or Chrome found. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return isExecutable(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  return BROWSER_CANDIDATES.find(isExecutable) ?? onPath('chromium') ?? onPath('google-chrome');
}

/** findBrowser's answer, or a one-line error and exit 1: for the command-line tools that need a browser. */
export function browserOrExit(): string {
  const path = findBrowser();
  if (path) return path;
  console.error('No Chromium found: install chromium or set CHROME_PATH.');
  process.exit(1);
}

/** ffmpeg and ffprobe, the independent judges of video files in tests. */
export function findFfmpeg(): { ffmpeg: string; ffprobe: string } | undefined {
  const ffmpeg = onPath('ffmpeg');
  const ffprobe = onPath('ffprobe');
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe } : undefined;
}

/** The tesseract OCR command, which the redaction test reads exported frames with. */
export function findTesseract(): string | undefined {
  return onPath('tesseract');
}

/** Debian packages that provide what is missing. */
function missingPackages(): string[] {
  const missing: string[] = [];
  if (!findBrowser()) missing.push('chromium');
  if (!findFfmpeg()) missing.push('ffmpeg');
  // The store tests run on a real PostgreSQL server as well as on PGlite.
  if (!findPostgresBin()) missing.push('postgresql');
  // The real-pointer test runs a headed browser on a virtual X screen and moves the window system's own pointer.
  if (!onPath('Xvfb')) missing.push('xvfb');
  if (!onPath('xdotool')) missing.push('xdotool');
  // The store-package test opens the zip `npm run package` writes.
  if (!onPath('unzip')) missing.push('unzip');
  // The redaction test reads exported frames with OCR: none of the hidden text may be legible.
  if (!findTesseract()) missing.push('tesseract-ocr');
  return missing;
}

/**
 * Makes sure a browser, ffmpeg, PostgreSQL, Xvfb, xdotool, unzip and tesseract exist. As root on a Debian-like system it installs
 * them with apt; otherwise it explains what to install and returns false.
 */
export function ensureTestTools(log: (line: string) => void = console.log): boolean {
  if (process.env.CHROME_PATH && !isExecutable(process.env.CHROME_PATH)) {
    log(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file.`);
    return false;
  }
  let missing = missingPackages();
  if (missing.length === 0) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && onPath('apt-get')) {
    log(`Installing ${missing.join(', ')} with apt (needed by the tests)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
    }
    missing = missingPackages();
    if (missing.length === 0) return true;
  }
  log(
    [
      `Missing for the tests: ${missing.join(', ')}.`,
      'Install them, then run npm test again:',
      '  Debian/Ubuntu: sudo apt-get install chromium ffmpeg postgresql xvfb xdotool unzip tesseract-ocr',
      '  macOS:         brew install --cask chromium && brew install ffmpeg postgresql xquartz xdotool tesseract',
      'Or point CHROME_PATH at an installed Chrome or Chromium.',
    ].join('\n'),
  );
  return false;
}
