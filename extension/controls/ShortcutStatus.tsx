import { useEffect, useState } from 'react';
import { Button } from '../../shared/ui';
import { openShortcutSettings, toggleShortcut } from '../background/first-run';

/**
 * The record shortcut as the browser really bound it (chrome.commands.getAll), and, when it bound none, a way
 * to the browser's shortcut page: a suggested key the browser skipped must not be a silent dead key.
 */
export function ShortcutStatus() {
  // undefined: not read yet; null: unbound.
  const [shortcut, setShortcut] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const read = () => toggleShortcut().then(setShortcut, () => setShortcut(null));
    read();
    // The user may set it on the shortcut page and come back.
    window.addEventListener('focus', read);
    return () => window.removeEventListener('focus', read);
  }, []);

  if (shortcut === undefined) return null;
  if (shortcut) {
    return (
      <p data-shortcut="bound" className="footer-note">
        Click the toolbar button (or press <kbd>{shortcut}</kbd>) to start and stop recording.
      </p>
    );
  }
  return (
    <p data-shortcut="unbound" className="footer-note">
      No keyboard shortcut is set: Chrome did not assign one. Click the toolbar button to start and stop recording, or{' '}
      <Button size="small" onClick={() => void openShortcutSettings()}>
        Set a shortcut
      </Button>
    </p>
  );
}
