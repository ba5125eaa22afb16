import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { externalRequestSchema } from '../../shared/messages/site-messages';
import { ACTION_MENU_ITEMS, handleActionMenu, installActionMenu } from '../background/action-menu';
import { isSiteSender, loadBrowserProfile } from '../background/browser-profile-store';
import { onInstalled, openShortcutSettings, TOGGLE_COMMAND, toggleShortcut } from '../background/first-run';
import { saveStoredLicense } from '../background/license-storage';
import { RecorderController } from '../background/recorder-controller';
import { answerRecorderMessage, watchRecorderPort } from '../background/recorder-messages';
import { exposeTestHooks } from '../background/test-hooks';

export default defineBackground(() => {
  const recorder = new RecorderController();
  // Only the browser tests' build has the hooks; a production build drops this branch and the module.
  if (__CLICKREEL_TEST_HOOKS__) exposeTestHooks({ recorder, loadBrowserProfile });

  browser.action.onClicked.addListener((tab) => void recorder.command('toggle', tab.id).catch(console.error));
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === TOGGLE_COMMAND) void recorder.command('toggle', tab?.id).catch(console.error);
  });
  browser.runtime.onInstalled.addListener((details) => {
    void installActionMenu();
    void onInstalled(details, __CLICKREEL_BUILD__.siteUrl).catch(console.error);
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if ((ACTION_MENU_ITEMS as readonly string[]).includes(String(info.menuItemId))) {
      void handleActionMenu(String(info.menuItemId), recorder, __CLICKREEL_BUILD__.siteUrl).catch(console.error);
    }
  });
  browser.runtime.onConnect.addListener((port) => watchRecorderPort(recorder, port));
  browser.tabs.onRemoved.addListener((tabId) => void recorder.onTabRemoved(tabId));

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const reply = answerRecorderMessage(recorder, message, sender);
    if (!reply) return false;
    reply.then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });

  // Only the configured site origins get an answer; Chrome already refuses others (externally_connectable).
  browser.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
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
