// Asks for the microphone or camera on behalf of the offscreen recorder, which cannot show a prompt.
import '../../pages/extension-page.css';

const device = location.hash.slice(1) === 'camera' ? 'camera' : 'microphone';
// The page's one status line (its id is `status`: a lookup of another id found nothing, and the answer went unseen).
const statusLine = document.getElementById('status') as HTMLElement;
const allow = document.getElementById('allow') as HTMLButtonElement;
allow.textContent = `Allow the ${device}`;
allow.addEventListener('click', async () => {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(device === 'camera' ? { video: true } : { audio: true });
    for (const track of stream.getTracks()) track.stop();
    statusLine.textContent = `Done: Clickreel can now record your ${device}. You can close this tab.`;
    allow.hidden = true;
    setTimeout(() => window.close(), 1500);
  } catch {
    statusLine.textContent = `The ${device} was not allowed. Recordings are made without it; you can try again.`;
  }
});
