import { KEYMAP } from './shortcuts';

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
      </dl>
    </section>
  );
}
