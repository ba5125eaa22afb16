// npm run build:icons: renders the extension's icons (extension/icons/*.svg) into the PNGs the manifest and the
// toolbar use (extension/public/icons/<name>-<size>.png), with the system Chromium so the PNGs look exactly like
// the SVGs. The PNGs are committed: building the extension needs no browser.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { ACTION_ICON_SIZES, ALL_ICON_NAMES, APP_ICON_SIZES } from '../extension/background/action-icon';
import { browserOrExit } from './lib/system-tools';

const SOURCE_DIR = resolve('extension/icons');
const OUTPUT_DIR = resolve('extension/public/icons');

const executablePath = browserOrExit();
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
try {
  await mkdir(OUTPUT_DIR, { recursive: true });
  const page = await browser.newPage();
  for (const name of ALL_ICON_NAMES) {
    const svg = await readFile(resolve(SOURCE_DIR, `${name}.svg`), 'utf8');
    // The app icon is shown at every size; the state icons only on the toolbar.
    const sizes = name === 'clickreel' ? APP_ICON_SIZES : ACTION_ICON_SIZES;
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${dataUrl}" width="${size}" height="${size}">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await writeFile(resolve(OUTPUT_DIR, `${name}-${size}.png`), png);
    }
  }
  console.log(`Wrote the icons into ${OUTPUT_DIR}.`);
} finally {
  await browser.close();
}
