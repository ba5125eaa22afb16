import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PAGE_URL, serveDemoPage } from './demo-page/crm-demo-page';
import {
  fail,
  launchWithExtension,
  parseSiteCommandLine,
  recordPageIntoEditor,
  siteWithExtension,
} from './lib/site-with-extension';
import { browserOrExit, findFfmpeg } from './lib/system-tools';

// npm run demo:make: the home page's demo video and editor pictures, made by the product itself.
const HELP = `Usage: npm run demo:make -- [--out DIR] [--site-url URL --extension-dir DIR]

Records a CRM dashboard of our own (scripts/demo-page, shown at ${DEMO_PAGE_URL.replace(/^http:\/\/|\/$/g, '')}) with the real extension in
Chromium, the pointer picking a figure, opening a new deal, typing it and saving it; opens the recording in the real
editor, exports it there as MP4 and writes into DIR (default site/public/demo):
  clickreel-demo.mp4     the editor's MP4 export, scaled to 1280x720 for the web (H.264; the export's AAC or MP3
                         sound when the page made any, else none), with +faststart so it starts before it loads
  clickreel-demo.webp    its poster: the export's first frame
  editor-*.webp          pictures of the editor with the recording open (its timeline with a zoom selected, its
                         settings, and its preview zoomed in on a click), for the home page's feature sections
and the files' sizes into site/src/components/marketing/demo-assets.json, which the home page reads (with another
--out DIR, into DIR/demo-assets.json instead: the home page shows only what is in site/public/demo).

By default it builds the extension and the site into dist/demo-build and serves the site on a free port. With
--site-url and --extension-dir it uses a site already running and an extension built for it with the development key.

Options:
  --out DIR            where to write the files
  --site-url URL       a running site to use
  --extension-dir DIR  the extension built for that site
  -h, --help           show this help`;

const VIEWPORT = { width: 1280, height: 720 } as const;
const EDITOR_VIEWPORT = { width: 1280, height: 800 } as const;
/** Runs ffmpeg; fails with its output when it fails. */
function ffmpeg(ffmpegPath: string, args: readonly string[]): void {
  const result = spawnSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) fail(`ffmpeg ${args.join(' ')} failed:\n${result.stderr}`);
}

/** Width, height and duration (s) of a video or picture, by ffprobe. */
function probe(ffprobePath: string, file: string): { width: number; height: number; seconds: number } {
  const out = spawnSync(
    ffprobePath,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height:format=duration',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  ).stdout;
  const json = JSON.parse(out) as { streams: { width: number; height: number }[]; format: { duration?: string } };
  const stream = json.streams[0];
  if (!stream) fail(`ffprobe found no picture in ${file}`);
  return { width: stream.width, height: stream.height, seconds: Math.round(Number(json.format.duration ?? 0)) };
}

interface Picture {
  src: string;
  width: number;
  height: number;
}

/**
 * A screenshot of the smallest box around the first element of each of `selectors` (or of the page), written as a
 * WebP at most `width` pixels wide; where the site serves it.
 */
async function pictureOf(
  page: Page,
  selectors: readonly string[] | null,
  name: string,
  width: number,
): Promise<Picture> {
  const png = join(work, `${name}.png`);
  const targets = (selectors ?? []).map((selector) => page.locator(selector).first());
  await targets[0]?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const boxes = (await Promise.all(targets.map((target) => target.boundingBox()))).filter((box) => box !== null);
  if (boxes.length > 0) {
    const x = Math.min(...boxes.map((box) => box.x));
    const y = Math.min(...boxes.map((box) => box.y));
    const right = Math.max(...boxes.map((box) => box.x + box.width));
    const bottom = Math.max(...boxes.map((box) => box.y + box.height));
    await page.screenshot({ path: png, clip: { x, y, width: right - x, height: bottom - y } });
  } else await page.screenshot({ path: png });
  const file = join(outDir, `${name}.webp`);
  ffmpeg(tools.ffmpeg, ['-i', png, '-vf', `scale='min(${width},iw)':-2`, '-c:v', 'libwebp', '-quality', '80', file]);
  const { width: w, height: h } = probe(tools.ffprobe, file);
  return { src: `/demo/${name}.webp`, width: w, height: h };
}

/** The pointer's visit of the demo page (viewport pixels): a figure, the table, then a new deal typed and saved. */
async function visitDemoPage(page: Page): Promise<void> {
  const centre = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) fail(`The demo page has no ${selector}.`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const clickAt = async (selector: string, pause = 700) => {
    const { x, y } = await centre(selector);
    await page.mouse.move(x, y, { steps: 28 });
    await page.waitForTimeout(250);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForTimeout(pause);
  };
  await page.mouse.move(640, 360);
  await clickAt('#won', 900);
  await page.mouse.move(700, 520, { steps: 20 });
  await page.mouse.wheel(0, 260);
  await page.waitForTimeout(1100);
  await clickAt('#new-deal', 800);
  await clickAt('#company', 300);
  await page.keyboard.type('Globex Corporation', { delay: 70 });
  await clickAt('#deal', 300);
  await page.keyboard.type('Onboarding suite', { delay: 70 });
  await clickAt('#value', 300);
  await page.keyboard.type('48,200', { delay: 90 });
  await page.waitForTimeout(400);
  await clickAt('#save', 1200);
  await page.mouse.move(520, 420, { steps: 24 });
  await page.waitForTimeout(1200);
}

const options = parseSiteCommandLine(HELP);
const tools = findFfmpeg() ?? fail('ffmpeg and ffprobe are needed: install ffmpeg.');
const executablePath = browserOrExit();
const SITE_DEMO_DIR = resolve('site/public/demo');
const outDir = resolve(options.out ?? SITE_DEMO_DIR);
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'clickreel-demo-'));

const site = await siteWithExtension(options, 'dist/demo-build', 'clickreel-demo-data-');
const { siteUrl, extensionId } = site;

const demoPage = await serveDemoPage();
const { context, worker } = await launchWithExtension(site, {
  executablePath,
  profileDir: join(work, 'profile'),
  viewport: VIEWPORT,
  acceptDownloads: true,
  // The demo page's address goes to its server; the site's (loopback) goes direct.
  extraArgs: [`--proxy-server=${demoPage.proxy}`],
});
// Exports take the download path (as in browsers without a save dialog): headless Chromium closes the save dialog.
await context.addInitScript(() => {
  (window as { showSaveFilePicker?: unknown }).showSaveFilePicker = undefined;
});
const exported = join(work, 'export.mp4');
const pictures: Record<string, Picture> = {};
try {
  const editor = await recordPageIntoEditor(context, worker, { siteUrl, extensionId }, DEMO_PAGE_URL, async (demo) => {
    await demo.waitForTimeout(600);
    await visitDemoPage(demo);
  });
  await editor.setViewportSize(EDITOR_VIEWPORT);
  await editor.waitForTimeout(1500);

  // Pictures of the real editor for the feature sections: light WebP at the size the page shows them.
  console.log('Taking pictures of the editor...');
  // Editing zooms: the timeline dock (its tools and the lanes), the first zoom selected.
  await editor.getByTestId('zoom-segment').first().getByRole('button').click();
  await editor.mouse.move(0, 0);
  pictures['editor-zooms'] = await pictureOf(editor, ['.timeline-dock'], 'editor-zooms', 1280);
  // The look's tabs show when nothing is selected.
  await editor.keyboard.press('Escape');
  await editor.getByRole('complementary', { name: 'Settings' }).waitFor();
  pictures['editor-settings'] = await pictureOf(editor, ['.settings'], 'editor-settings', 560);
  // The preview where the camera has zoomed in on the first click (about 2 s in), paused there.
  await editor.getByRole('button', { name: 'Play', exact: true }).click();
  await editor.waitForTimeout(2600);
  await editor.getByRole('button', { name: 'Pause', exact: true }).click();
  // Paused, the preview restores the page under the system pointer from the frame's clean neighbours (decoded apart):
  // the picture waits for that paint, else it shows the fill's smudge.
  const canvas = editor.locator('.preview-canvas');
  const restored = async () =>
    (await canvas.getAttribute('data-pointer-restored-ms')) === (await canvas.getAttribute('data-frame-ms'));
  for (let waited = 0; waited < 10_000 && !(await restored()); waited += 200) await editor.waitForTimeout(200);
  if (!(await restored()))
    console.warn('The paused preview was not restored from clean frames: its picture is filled.');
  await editor.waitForTimeout(300);
  pictures['editor-preview'] = await pictureOf(editor, ['.preview'], 'editor-preview', 1120);

  console.log('Exporting the MP4 from the editor...');
  await editor.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'mp4' }).check();
  const exportMp4 = dialog.getByRole('button', { name: 'Export MP4' });
  const download = editor.waitForEvent('download', { timeout: 180_000 });
  await exportMp4.click();
  await (await download).saveAs(exported);
} finally {
  await context.close();
  await demoPage.close();
  site.server?.kill('SIGTERM');
}

// The export at the size the home page shows it: 1280x720, its sound kept as the export wrote it (AAC or MP3).
const video = join(outDir, 'clickreel-demo.mp4');
ffmpeg(tools.ffmpeg, [
  '-i',
  exported,
  '-vf',
  "scale='min(1280,iw)':-2",
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-crf',
  '30',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'copy',
  '-movflags',
  '+faststart',
  video,
]);
ffmpeg(tools.ffmpeg, [
  '-i',
  video,
  '-frames:v',
  '1',
  '-c:v',
  'libwebp',
  '-quality',
  '75',
  join(outDir, 'clickreel-demo.webp'),
]);
const { width, height, seconds } = probe(tools.ffprobe, video);
const codecs = spawnSync(
  tools.ffprobe,
  ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', video],
  {
    encoding: 'utf8',
  },
).stdout.trim();
const assets = {
  video: { src: '/demo/clickreel-demo.mp4', poster: '/demo/clickreel-demo.webp', width, height, seconds },
  pictures,
};
const assetsFile =
  outDir === SITE_DEMO_DIR ? 'site/src/components/marketing/demo-assets.json' : join(outDir, 'demo-assets.json');
writeFileSync(assetsFile, `${JSON.stringify(assets, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });
console.log(
  `Demo written to ${outDir}: clickreel-demo.mp4 (${(statSync(video).size / 1024).toFixed(0)} KB, ${width}x${height}, ${seconds} s, ${codecs.replace(/\n/g, ' + ')}), clickreel-demo.webp, ${Object.keys(pictures).join('.webp, ')}.webp`,
);
