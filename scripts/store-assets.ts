import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import {
  HOST_PERMISSION_JUSTIFICATION,
  PERMISSION_JUSTIFICATIONS,
  STORE_LISTING,
} from '../shared/config/store-listing';
import {
  launchWithExtension,
  parseSiteCommandLine,
  recordPageIntoEditor,
  siteWithExtension,
} from './lib/site-with-extension';
import { browserOrExit } from './lib/system-tools';

// npm run store:assets: the Chrome Web Store listing made from the product itself.
const HELP = `Usage: npm run store:assets -- [--out DIR] [--site-url URL --extension-dir DIR]

Records a short demo with the real extension in Chromium, opens it in the real editor and writes the listing's
images and texts into DIR (default dist/store-assets):
  screenshot-editor.png, screenshot-welcome.png (1280x800), promo-small.png (440x280), promo-marquee.png
  (1400x560), icon-128.png, listing.txt (name, short and long description, category, single purpose) and
  permissions.txt (why each manifest permission is needed, as the store's privacy form asks).

By default it builds the extension and the site into dist/store-assets-build and serves the site on a free port. With
--site-url and --extension-dir it uses a site already running and an extension built for it (with its
development key: the recording is started as the extension's own pages start it, which needs a known id).

Options:
  --out DIR            where to write the assets
  --site-url URL       a running site to use
  --extension-dir DIR  the extension built for that site
  -h, --help           show this help`;

const SCREENSHOT = { width: 1280, height: 800 } as const;
const PROMO_SMALL = { width: 440, height: 280 } as const;
const PROMO_MARQUEE = { width: 1400, height: 560 } as const;
/** The listing's picture cards: the product's icon, name and promise over its colours, with a screenshot. */
function promoHtml(size: { width: number; height: number }, screenshot: string | null): string {
  const icon = readFileSync('extension/icons/clickreel.svg', 'utf8');
  const iconSize = Math.round(size.height * 0.28);
  return `<!doctype html><html><body style="margin:0;width:${size.width}px;height:${size.height}px;overflow:hidden;
    background:linear-gradient(135deg,#6d4aff 0%,#2a1a6e 55%,#0f0d1a 100%);font-family:system-ui,sans-serif;color:#fff;
    display:flex;align-items:center;gap:${Math.round(size.height * 0.1)}px;padding:0 ${Math.round(size.height * 0.12)}px;box-sizing:border-box">
    <div style="flex:0 0 auto;max-width:${screenshot ? '38%' : '100%'}">
      <div style="width:${iconSize}px;height:${iconSize}px">${icon.replace('<svg ', `<svg width="${iconSize}" height="${iconSize}" `)}</div>
      <div style="font-size:${Math.round(size.height * 0.16)}px;font-weight:800;margin-top:${Math.round(size.height * 0.04)}px">${STORE_LISTING.name}</div>
      <div style="font-size:${Math.round(size.height * 0.065)}px;opacity:.9;margin-top:${Math.round(size.height * 0.02)}px;line-height:1.25">
        Record a tab. Get a polished video.</div>
    </div>
    ${
      screenshot
        ? `<img src="data:image/png;base64,${screenshot}" style="height:${Math.round(size.height * 0.78)}px;border-radius:12px;
        box-shadow:0 20px 60px rgba(0,0,0,.5)">`
        : ''
    }</body></html>`;
}

async function screenshotAt(page: Page, size: { width: number; height: number }, file: string): Promise<Buffer> {
  await page.setViewportSize(size);
  return page.screenshot({ path: file, type: 'png' });
}

const options = parseSiteCommandLine(HELP);
const outDir = resolve(options.out ?? 'dist/store-assets');
mkdirSync(outDir, { recursive: true });
const executablePath = browserOrExit();

const site = await siteWithExtension(options, 'dist/store-assets-build', 'clickreel-assets-data-');
const { siteUrl, extensionId, extensionDir } = site;

const { context, worker } = await launchWithExtension(site, {
  executablePath,
  profileDir: mkdtempSync(join(tmpdir(), 'clickreel-assets-')),
  viewport: SCREENSHOT,
});
try {
  // The welcome page the extension opens on install: the second screenshot.
  const welcome =
    context.pages().find((p) => p.url().startsWith(`${siteUrl}/welcome`)) ??
    (await context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${siteUrl}/welcome`),
      timeout: 30_000,
    }));
  await welcome.waitForLoadState('networkidle');
  await screenshotAt(welcome, SCREENSHOT, join(outDir, 'screenshot-welcome.png'));
  await welcome.close();

  // The demo: the site's home page, recorded while the pointer visits it.
  const editor = await recordPageIntoEditor(context, worker, { siteUrl, extensionId }, `${siteUrl}/`, async (demo) => {
    const stops = [
      [200, 160],
      [640, 300],
      [980, 520],
      [420, 620],
      [760, 240],
    ] as const;
    await demo.mouse.move(100, 100);
    for (const [x, y] of stops) {
      await demo.mouse.move(x, y, { steps: 25 });
      await demo.mouse.down();
      await demo.mouse.up();
      await demo.waitForTimeout(700);
    }
  });
  await editor.setViewportSize(SCREENSHOT);
  await editor.waitForTimeout(1500);
  const editorShot = await screenshotAt(editor, SCREENSHOT, join(outDir, 'screenshot-editor.png'));

  const card = await context.newPage();
  await card.setViewportSize(PROMO_SMALL);
  await card.setContent(promoHtml(PROMO_SMALL, null));
  await screenshotAt(card, PROMO_SMALL, join(outDir, 'promo-small.png'));
  await card.setViewportSize(PROMO_MARQUEE);
  await card.setContent(promoHtml(PROMO_MARQUEE, editorShot.toString('base64')));
  await screenshotAt(card, PROMO_MARQUEE, join(outDir, 'promo-marquee.png'));
} finally {
  await context.close();
  site.server?.kill('SIGTERM');
}

copyFileSync(join(extensionDir, 'icons/clickreel-128.png'), join(outDir, 'icon-128.png'));
writeFileSync(
  join(outDir, 'listing.txt'),
  `Name: ${STORE_LISTING.name}
Short description (${STORE_LISTING.shortDescription.length} of 132 characters): ${STORE_LISTING.shortDescription}
Category: ${STORE_LISTING.category}
Single purpose: ${STORE_LISTING.singlePurpose}

Description:
${STORE_LISTING.longDescription}
`,
);
writeFileSync(
  join(outDir, 'permissions.txt'),
  `${Object.entries(PERMISSION_JUSTIFICATIONS)
    .map(([permission, why]) => `${permission}: ${why}`)
    .join('\n')}\nHost permissions (content script on all sites): ${HOST_PERMISSION_JUSTIFICATION}\n`,
);
console.log(`Store assets written to ${outDir}:
  screenshot-editor.png, screenshot-welcome.png  ${SCREENSHOT.width}x${SCREENSHOT.height}
  promo-small.png                                ${PROMO_SMALL.width}x${PROMO_SMALL.height}
  promo-marquee.png                              ${PROMO_MARQUEE.width}x${PROMO_MARQUEE.height}
  icon-128.png, listing.txt, permissions.txt`);
