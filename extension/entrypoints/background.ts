import { defineBackground } from 'wxt/utils/define-background';
import { externalRequestSchema } from '../../shared/messages/site-messages';
import { ACTION_MENU_ITEMS, handleActionMenu, installActionMenu } from '../background/action-menu';
import { isSiteSender, loadBrowserProfile } from '../background/browser-profile-store';
import { onInstalled, openShortcutSettings, TOGGLE_COMMAND, toggleShortcut } from '../background/first-run';
import { saveStoredLicense } from '../background/license-storage';
import { RecorderController } from '../background/recorder-controller';

export default defineBackground(() => {
  const recorder = new RecorderController();
  // Tests (and the DevTools console) drive the same functions the toolbar button and shortcut call.
  (globalThis as { clickreel?: unknown }).clickreel = { recorder, loadBrowserProfile };

  chrome.action.onClicked.addListener((tab) => void recorder.command('toggle', tab.id).catch(console.error));
  chrome.commands.onCommand.addListener((command, tab) => {
    if (command === TOGGLE_COMMAND) void recorder.command('toggle', tab?.id).catch(console.error);
  });
  chrome.runtime.onInstalled.addListener((details) => {
    void installActionMenu();
    void onInstalled(details, __CLICKREEL_BUILD__.siteUrl).catch(console.error);
  });
  chrome.contextMenus.onClicked.addListener((info) => {
    if ((ACTION_MENU_ITEMS as readonly string[]).includes(String(info.menuItemId))) {
      void handleActionMenu(String(info.menuItemId), recorder).catch(console.error);
    }
  });
  chrome.runtime.onConnect.addListener((port) => recorder.onConnect(port));
  chrome.tabs.onRemoved.addListener((tabId) => void recorder.onTabRemoved(tabId));

  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const reply = recorder.handleMessage(message, sender);
    if (!reply) return false;
    reply.then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });

  // Only the configured site origins get an answer; Chrome already refuses others (externally_connectable).
  chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
    if (!isSiteSender(sender, __CLICKREEL_BUILD__.siteOrigins)) return false;
    const request = externalRequestSchema.safeParse(message);
    if (!request.success) return false;
    if (request.data.type === 'clickreel:store-license') {
      saveStoredLicense(request.data.license).then(() => sendResponse({ ok: true }));
      return true;
    }
    if (request.data.type === 'clickreel:get-shortcut') {
      toggleShortcut().then((shortcut) => sendResponse({ shortcut }));
      return true;
    }
    if (request.data.type === 'clickreel:open-shortcut-settings') {
      openShortcutSettings().then(() => sendResponse({ ok: true }));
      return true;
    }
    loadBrowserProfile().then((browserProfile) => sendResponse({ browserProfile }));
    return true;
  });

  void recorder.recoverInterrupted().catch(console.error);
});
