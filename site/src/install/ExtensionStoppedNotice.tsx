import { useEffect, useState } from 'react';

/** What the editor and the library say while the extension has stopped: what happened, how to get it back. */
export const EXTENSION_STOPPED_MESSAGE =
  'The Clickreel extension has stopped (Chrome ended or crashed it): reload it from Chrome’s crash notice or switch it off and on in chrome://extensions, and the recording it was making comes back with it.';

/**
 * The notice, shown while the extension that answered this browser before does not answer; checked when the page
 * opens and each time it is shown again (the user may have brought the extension back meanwhile).
 */
export function ExtensionStoppedNotice() {
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    let live = true;
    // Loaded only now: the check reads the extension's answer with the message schemas (zod).
    const check = () =>
      void import('./extension-health')
        .then(({ extensionStopped }) => extensionStopped())
        .then(
          (yes) => live && setStopped(yes),
          () => undefined,
        );
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return stopped ? (
    <p role="alert" className="extension-stopped" data-testid="extension-stopped">
      {EXTENSION_STOPPED_MESSAGE}
    </p>
  ) : null;
}
