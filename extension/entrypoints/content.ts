import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { ContentController } from '../content/content-controller';

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_start',
  main() {
    const controller = new ContentController(
      window,
      {
        extensionId: browser.runtime.id,
        send: (message) => browser.runtime.sendMessage(message),
        connect: (name) => browser.runtime.connect({ name }),
      },
      __CLICKREEL_BUILD__.siteOrigins,
    );
    browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
      const reply = controller.handle(message);
      if (!reply) return false;
      reply.then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
      return true;
    });
    void controller.start();
  },
});
