import { browser } from 'wxt/browser';
import type { RecorderController } from './recorder-controller';

/** Items of the toolbar button's right-click menu (the left click records and stops). */
export const ACTION_MENU_ITEMS = ['pause-resume', 'discard', 'controls'] as const;
export type ActionMenuItem = (typeof ACTION_MENU_ITEMS)[number];

const TITLES: Record<ActionMenuItem, string> = {
  'pause-resume': 'Pause / resume recording',
  discard: 'Discard recording',
  controls: 'Controls and settings…',
};

/** Creates the menu (on install and update). */
export async function installActionMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const id of ACTION_MENU_ITEMS) browser.contextMenus.create({ id, title: TITLES[id], contexts: ['action'] });
}

/** Opens the controls page as the toolbar popup (a popup window where that is not possible). */
export async function openControls(): Promise<void> {
  try {
    await browser.action.setPopup({ popup: 'controls.html' });
    await browser.action.openPopup();
  } catch {
    await browser.windows.create({
      url: browser.runtime.getURL('/controls.html'),
      type: 'popup',
      width: 340,
      height: 560,
    });
  } finally {
    // The left click stays "record / stop".
    await browser.action.setPopup({ popup: '' });
  }
}

/** Runs a menu item. */
export async function handleActionMenu(id: string, recorder: RecorderController): Promise<void> {
  if (id === 'controls') return openControls();
  if (id === 'discard') {
    await recorder.command('discard');
    return;
  }
  const { phase } = await recorder.status();
  await recorder.command(phase === 'paused' ? 'resume' : 'pause');
}
