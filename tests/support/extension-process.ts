import { readdirSync, readFileSync } from 'node:fs';
import type { Worker } from 'playwright-core';
import type { ExtensionBrowser } from './browser';

/** A process as Linux lists it: id, parent and command-line words. */
interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly args: readonly string[];
}

function processes(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // Chromium rewrites its process title: the words may be split by NULs or by spaces.
        const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split(/[\0 ]/);
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(name), ppid, args }];
      } catch {
        return []; // it ended meanwhile
      }
    });
}

/**
 * The extension renderer processes of this test's browser (Chromium starts them with --extension-process):
 * found from the browser process that uses this browser's own profile folder, never another browser's.
 */
export function extensionProcessIds(browser: ExtensionBrowser): number[] {
  const all = processes();
  const root = all.find(
    (p) => p.args.includes(`--user-data-dir=${browser.userDataDir}`) && !p.args.some((a) => a.startsWith('--type=')),
  );
  if (!root) throw new Error(`no browser process uses ${browser.userDataDir}`);
  const tree = new Set([root.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => tree.has(p.pid) && p.args.includes('--extension-process')).map((p) => p.pid);
}

/**
 * Brings a crashed extension back the way a user does from chrome://extensions (off, then on): Chromium keeps
 * an extension whose process died switched off until then. Resolves with its new service worker.
 */
export async function restartExtension(browser: ExtensionBrowser): Promise<Worker> {
  const known = new Set(browser.context.serviceWorkers());
  const page = await browser.context.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate(async (id) => {
      const management = (
        globalThis as unknown as { chrome: { management: { setEnabled(id: string, on: boolean): Promise<void> } } }
      ).chrome.management;
      await management.setEnabled(id, false);
      await management.setEnabled(id, true);
    }, browser.extensionId);
  } finally {
    await page.close();
  }
  const isOurs = (w: Worker) => !known.has(w) && w.url().startsWith(`chrome-extension://${browser.extensionId}/`);
  return (
    browser.context.serviceWorkers().find(isOurs) ??
    (await browser.context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 15_000 }))
  );
}
