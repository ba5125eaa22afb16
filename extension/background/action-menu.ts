import { browser } from 'wxt/browser';
import type { RecordedSource } from '../../shared/capture/capture-source';
import type { RecorderCommand, RecorderPhase, RecorderStatus } from '../../shared/messages/extension-messages';

/** Items of the toolbar button's right-click menu (the left click records and stops). */
export const ACTION_MENU_ITEMS = [
  'record-window',
  'record-screen',
  'pause-resume',
  'discard',
  'controls',
  'library',
] as const;
export type ActionMenuItem = (typeof ACTION_MENU_ITEMS)[number];

/** How an item shows in a phase: whether it is in the menu at all, and its words. */
export interface ActionMenuEntry {
  readonly visible: boolean;
  readonly title: string;
}

/**
 * The menu for a recorder phase: only items that do something then. Recording a window or the screen is offered
 * while nothing records; pause (or resume) and discard only while a recording runs or is paused; the controls and
 * the library always.
 */
export function actionMenuFor(phase: RecorderPhase): Record<ActionMenuItem, ActionMenuEntry> {
  const running = phase === 'recording' || phase === 'paused';
  return {
    'record-window': { visible: phase === 'idle', title: 'Record a window…' },
    'record-screen': { visible: phase === 'idle', title: 'Record the whole screen…' },
    'pause-resume': { visible: running, title: phase === 'paused' ? 'Resume recording' : 'Pause recording' },
    discard: { visible: running, title: 'Discard recording' },
    controls: { visible: true, title: 'Controls and settings…' },
    library: { visible: true, title: 'Your recordings' },
  };
}

/** The phase the menu shows, so the badge's tick each second changes nothing. */
let shownPhase: RecorderPhase | null = null;

/** Creates the menu (on install and update), as it is when nothing is recording. */
export async function installActionMenu(): Promise<void> {
  shownPhase = 'idle';
  await browser.contextMenus.removeAll();
  const menu = actionMenuFor('idle');
  for (const id of ACTION_MENU_ITEMS) browser.contextMenus.create({ id, ...menu[id], contexts: ['action'] });
}

/** Shows the items that apply in `phase` (called with every change the toolbar button shows). */
export async function showActionMenu(phase: RecorderPhase): Promise<void> {
  if (phase === shownPhase) return;
  shownPhase = phase;
  const menu = actionMenuFor(phase);
  // Before the menu is first created (a service worker starting) an update fails; install makes it right.
  await Promise.all(
    ACTION_MENU_ITEMS.map((id) =>
      Promise.resolve()
        .then(() => browser.contextMenus.update(id, menu[id]))
        .catch(() => undefined),
    ),
  );
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

/** What a menu item asks of the recorder (the RecorderController; named here so the menu does not import it back). */
export interface MenuRecorder {
  status(): Promise<RecorderStatus>;
  command(command: RecorderCommand, tabId?: number, source?: RecordedSource): Promise<RecorderPhase>;
}

/** Runs a menu item. A pause or discard that no longer applies (the recording ended meanwhile) does nothing. */
export async function handleActionMenu(id: string, recorder: MenuRecorder, siteUrl: string): Promise<void> {
  if (id === 'controls') return openControls();
  if (id === 'library') {
    await browser.tabs.create({ url: `${siteUrl}/recordings` });
    return;
  }
  const { phase } = await recorder.status();
  if (!actionMenuFor(phase)[id as ActionMenuItem]?.visible) return;
  if (id === 'record-window' || id === 'record-screen') {
    await recorder.command('start', undefined, id === 'record-window' ? 'window' : 'screen');
    return;
  }
  if (id === 'discard') {
    await recorder.command('discard');
    return;
  }
  await recorder.command(phase === 'paused' ? 'resume' : 'pause');
}
