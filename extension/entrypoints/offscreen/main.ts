import { browser } from 'wxt/browser';
import { OffscreenHost, RECORDER_PORT_NAME } from '../../offscreen/offscreen-host';

// The background notices this document dying when the port disconnects; a restarted service worker gets a new port.
function connect(): void {
  const port = browser.runtime.connect({ name: RECORDER_PORT_NAME });
  port.onDisconnect.addListener(() => setTimeout(connect, 200));
}
connect();

const host = new OffscreenHost((message) => {
  browser.runtime.sendMessage(message).catch(() => undefined);
});

browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const reply = host.handle(message);
  if (!reply) return false;
  reply.then(sendResponse);
  return true;
});
