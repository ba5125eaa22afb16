import { KEYMAP, POINTER_GESTURES } from './shortcuts';

/** The keyboard shortcuts, from the same table the key handler runs. */
export function ShortcutsHelp() {
  return (
    <section className="shortcuts-help" aria-label="Keyboard shortcuts">
      <h2>Keyboard shortcuts</h2>
      <dl>
        {KEYMAP.map((shortcut) => (
          <div key={shortcut.command}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
        {POINTER_GESTURES.map((gesture) => (
          <div key={gesture.keys}>
            <dt>
              <kbd>{gesture.keys}</kbd>
            </dt>
            <dd>{gesture.action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
