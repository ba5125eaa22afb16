import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chooseSetting, chosenSetting, settingsTab } from '../support/editor-settings';
import { type SyntheticEditorSetup, syntheticEditorSetup } from '../support/synthetic-editor';

describe('presets in the editor', () => {
  let setup: SyntheticEditorSetup;

  beforeAll(async () => {
    setup = await syntheticEditorSetup('presets', {
      width: 640,
      height: 360,
      frameRate: 30,
      durationMs: 2000,
      container: 'webm',
      audio: false,
    });
  });
  afterAll(async () => {
    await setup?.close();
  });

  /** Waits until the editor shows a recording other than `previous`, and gives its id. */
  async function shown(page: Page, previous: string | null = null): Promise<string> {
    const showing = page.locator('[data-state=showing]');
    await expect
      .poll(async () => ((await showing.count()) ? await showing.getAttribute('data-recording-id') : null))
      .not.toBe(previous);
    return (await showing.getAttribute('data-recording-id')) as string;
  }

  /** Imports `path` with the Presets section's button, through the file chooser it opens. */
  async function importPreset(page: Page, path: string): Promise<void> {
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: 'Presets' }).getByRole('button', { name: 'Import presets…' }).click();
    await (await choosing).setFiles([path]);
  }

  /** Exports the chosen preset with the Presets section's button; the path of the file downloaded. */
  async function exportPreset(page: Page, name: string): Promise<string> {
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Presets' }).getByRole('button', { name: 'Export preset' }).click();
    const download = await downloading;
    const path = join(setup.dir, name);
    await download.saveAs(path);
    return path;
  }

  test("starter looks: six, each this recording's picture in that look; one applies the look, keeps the sounds, and undoes", async () => {
    const { page } = await setup.openEditor({ width: 1280, height: 800 });
    const sounds = await settingsTab(page, 'Sound');
    await sounds.getByLabel('Click sounds').setChecked(true);
    const presets = await settingsTab(page, 'Presets');
    const looks = presets.getByRole('list', { name: 'Starter looks' }).getByRole('button');
    await expect.poll(() => looks.count()).toBe(6);
    expect(await looks.allTextContents()).toEqual(['Aurora', 'Midnight', 'Paper', 'Ocean', 'Edge to edge', 'Vertical']);
    // A new recording has the first look.
    await expect(looks.nth(0).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(looks.nth(1).getAttribute('aria-pressed')).resolves.toBe('false');

    // Each picture drawn from the recording by the renderer, each look's its own; Vertical's (9:16) is upright.
    const pictures = presets.locator('.starter-look-picture');
    await expect.poll(() => pictures.evaluateAll((all) => all.every((c) => c.dataset.painted === 'true'))).toBe(true);
    const drawn = await pictures.evaluateAll((all) =>
      (all as HTMLCanvasElement[]).map((canvas) => {
        const { data } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
          0,
          0,
          canvas.width,
          canvas.height,
        );
        let colours = 0;
        const seen = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 7) {
          const colour = ((data[i] ?? 0) >> 4) * 256 + ((data[i + 1] ?? 0) >> 4) * 16 + ((data[i + 2] ?? 0) >> 4);
          if (!seen.has(colour)) colours++;
          seen.add(colour);
        }
        return { width: canvas.width, height: canvas.height, colours, picture: canvas.toDataURL() };
      }),
    );
    expect(new Set(drawn.map((d) => d.picture)).size).toBe(6);
    for (const d of drawn) expect(d.colours, 'a picture, not a flat fill').toBeGreaterThan(20);
    expect(drawn[5]?.height).toBeGreaterThan(drawn[5]?.width ?? 0);
    expect(drawn[0]?.width).toBeGreaterThan(drawn[0]?.height ?? 0);

    // Midnight: its frame and cursor, the click sounds still on; Undo brings the look back.
    await looks.nth(1).click();
    await expect
      .poll(() => presets.getByTestId('preset-message').textContent())
      .toBe('Applied “Midnight”. Undo brings back the look you had.');
    await expect(looks.nth(1).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(looks.nth(0).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect.poll(() => chosenSetting(page, 'Window', 'Browser frame')).toBe('Slim bar');
    await expect(chosenSetting(page, 'Cursor', 'Cursor size')).resolves.toBe('Large');
    await expect(chosenSetting(page, 'Background', 'Gradient')).resolves.toBe('Midnight gradient');
    await expect((await settingsTab(page, 'Sound')).getByLabel('Click sounds').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chosenSetting(page, 'Window', 'Browser frame')).toBe('Browser');
    await expect(chosenSetting(page, 'Cursor', 'Cursor size')).resolves.toBe('Medium');
    await settingsTab(page, 'Presets');
    await expect(looks.nth(0).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.close();
  });

  test('save, apply, set as default for new recordings, export and import a file, and a damaged file is refused', async () => {
    const { context, page } = await setup.openEditor({ width: 1280, height: 800 });
    const first = setup.recording.id;
    const presets = page.getByRole('group', { name: 'Presets' });
    await settingsTab(page, 'Presets');
    const message = presets.getByTestId('preset-message');
    await expect(presets.getByText('No saved presets yet.').count()).resolves.toBe(1);

    // A look of one's own, saved under a name (typed, Enter to save).
    await chooseSetting(page, 'Window', 'Browser frame', 'Slim bar');
    await chooseSetting(page, 'Window', 'Corners', 'Square');
    await chooseSetting(page, 'Cursor', 'Cursor size', 'Large');
    await settingsTab(page, 'Presets');
    await presets.getByRole('button', { name: 'Save current look…' }).click();
    await presets.getByLabel('Name for this look').fill('  Launch video ');
    await presets.getByLabel('Name for this look').press('Enter');
    await expect.poll(() => message.textContent()).toBe('Saved “Launch video”.');
    const item = presets.getByRole('radio', { name: /Launch video/ });
    await expect(item.isChecked()).resolves.toBe(true);
    await expect.poll(() => presets.locator('.preset-item').first().textContent()).toBe('Launch videoIn use');
    // The same name again is refused, saying why.
    await presets.getByRole('button', { name: 'Save current look…' }).click();
    await presets.getByLabel('Name for this look').fill('launch VIDEO');
    await presets.getByRole('button', { name: 'Save preset' }).click();
    await expect
      .poll(() => presets.getByRole('alert').textContent())
      .toBe('You already have a preset named “Launch video”: choose another name.');
    await presets.getByRole('button', { name: 'Cancel' }).click();

    // Changed away from it, then applied back (one undoable edit).
    await chooseSetting(page, 'Window', 'Browser frame', 'No frame');
    await chooseSetting(page, 'Cursor', 'Cursor size', 'Small');
    await settingsTab(page, 'Presets');
    await expect.poll(() => presets.locator('.preset-item').first().textContent()).toBe('Launch video');
    await presets.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => chosenSetting(page, 'Window', 'Browser frame')).toBe('Slim bar');
    await expect(chosenSetting(page, 'Cursor', 'Cursor size')).resolves.toBe('Large');
    await expect(chosenSetting(page, 'Window', 'Corners')).resolves.toBe('Square');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => chosenSetting(page, 'Window', 'Browser frame')).toBe('No frame');
    await settingsTab(page, 'Presets');
    await presets.getByRole('button', { name: 'Apply' }).click();

    // Renamed, and made the default.
    await presets.getByRole('button', { name: 'Rename…' }).click();
    await presets.getByLabel('New name for “Launch video”').fill('Launch');
    await presets.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(() => message.textContent()).toBe('Renamed to “Launch”.');
    await presets.getByRole('button', { name: 'Set as default' }).click();
    await expect.poll(() => message.textContent()).toBe('New recordings open with “Launch”.');
    await expect(presets.locator('.preset-item').first().textContent()).resolves.toBe('LaunchDefaultIn use');

    // The last-used look is now another one; a new recording still opens with the default preset.
    await chooseSetting(page, 'Window', 'Browser frame', 'Browser');
    await chooseSetting(page, 'Window', 'Corners', 'Round');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByTestId('open-files').setInputFiles([setup.videoPath]);
    await shown(page, first);
    await expect.poll(() => chosenSetting(page, 'Window', 'Browser frame')).toBe('Slim bar');
    await expect(chosenSetting(page, 'Window', 'Corners')).resolves.toBe('Square');
    await settingsTab(page, 'Presets');
    await expect(presets.locator('.preset-item').first().textContent()).resolves.toBe('LaunchDefaultIn use');

    // Exported to a file, deleted, and imported back: the same preset, byte for byte in its next export.
    const exported = await exportPreset(page, 'exported.json');
    const file = JSON.parse(await readFile(exported, 'utf8'));
    expect(file.format).toBe('clickreel-presets');
    expect(file.presets.map((p: { name: string }) => p.name)).toEqual(['Launch']);
    expect(file.presets[0].settings.frame).toBe('Minimal');
    await presets.getByRole('button', { name: 'Delete…' }).click();
    await presets.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => message.textContent()).toBe('Deleted “Launch”.');
    await expect(presets.locator('.preset-item').count()).resolves.toBe(0);
    await importPreset(page, exported);
    await expect.poll(() => message.textContent()).toBe('Imported “Launch”.');
    // Deleting the default unset it: it comes back as a preset, not as the default.
    await expect(presets.locator('.preset-item').first().textContent()).resolves.toBe('LaunchIn use');
    const again = await exportPreset(page, 'again.json');
    expect(await readFile(again, 'utf8')).toBe(await readFile(exported, 'utf8'));
    // Importing it once more adds nothing.
    await importPreset(page, exported);
    await expect.poll(() => message.textContent()).toBe('You already have “Launch”: nothing new to import.');

    // A damaged file is refused, naming what is wrong, and the saved presets stay.
    const damaged = join(setup.dir, 'damaged.json');
    await writeFile(
      damaged,
      JSON.stringify({
        ...file,
        presets: [{ ...file.presets[0], settings: { ...file.presets[0].settings, padding: 5 } }],
      }),
    );
    await importPreset(page, damaged);
    await expect
      .poll(() => presets.getByRole('alert').textContent())
      .toMatch(/^“damaged\.json” cannot be imported: it is damaged: preset 1 \(“Launch”\), settings\.padding: /);
    const cut = join(setup.dir, 'cut.json');
    await writeFile(cut, (await readFile(exported, 'utf8')).slice(0, 200));
    await importPreset(page, cut);
    await expect
      .poll(() => presets.getByRole('alert').textContent())
      .toBe('“cut.json” cannot be imported: it is not JSON (it may be cut short or not a preset file).');
    await expect(presets.locator('.preset-item').count()).resolves.toBe(1);

    // Kept in this browser: a reload lists it.
    await page.reload();
    await shown(page);
    await settingsTab(page, 'Presets');
    await expect.poll(() => presets.locator('.preset-name').allTextContents()).toEqual(['Launch']);
    await context.close();
  });
});
