// The editor page's own first state, before a recording is open: its bar, and the screen shown while a recording
// opens (the page draws the same before its code runs: site/src/pages/editor.astro).
import { useEffect, useMemo } from 'react';

/** How far a hand-off from the extension has got: the recording's name once known, parts received of all. */
export interface HandoffStep {
  readonly name: string | null;
  readonly received: number;
  readonly total: number;
}

/** The bar over the editor's page while no recording is open: home, the library, and a video to open. */
export function ShellBar({ onOpen }: { readonly onOpen?: () => void }) {
  return (
    <header className="shell-bar">
      <a href="/" className="shell-brand">
        <svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#6d4aff" />
          <path d="M10 7l14 9-6 1.5 3.5 7-2.6 1.3-3.5-7L10 23z" fill="#fff" />
        </svg>
        Clickreel
      </a>
      <nav className="shell-links" aria-label="Editor">
        <a href="/recordings">Your recordings</a>
        <button type="button" className="open-another" onClick={onOpen} disabled={!onOpen}>
          Open a video…
        </button>
      </nav>
    </header>
  );
}

/**
 * What the editor shows while a recording opens, in the middle of the work area: its first picture as soon as the
 * video's first part is here, its name once known, a bar of how much of it has arrived (a hand-off from the
 * extension), and what is happening.
 */
export function OpeningScreen({
  message,
  handoff,
  picture,
}: {
  readonly message: string;
  readonly handoff?: HandoffStep;
  readonly picture?: Blob | null;
}) {
  return (
    <div className="opening" data-testid="opening">
      <div className="opening-card" role="status">
        {picture && <FirstPicture video={picture} />}
        <p className="opening-name">{handoff?.name ?? (handoff ? 'Your recording' : 'Opening')}</p>
        <progress
          className="opening-progress"
          aria-label="Opening the recording"
          max={handoff && handoff.total > 0 ? handoff.total : undefined}
          value={handoff && handoff.total > 0 ? handoff.received : undefined}
        />
        <p className="opening-message">{message}</p>
      </div>
    </div>
  );
}

/**
 * The recording's first picture, from the first part of its video (header and first frames): the browser's own
 * decoder shows its first frame. `data-shown-at` says when it showed (Date.now(), for bench:handoff).
 */
function FirstPicture({ video }: { readonly video: Blob }) {
  const url = useMemo(() => URL.createObjectURL(video), [video]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <video
      className="opening-picture"
      data-testid="first-picture"
      src={url}
      muted
      playsInline
      preload="auto"
      aria-label="The recording’s first picture"
      onLoadedData={(event) => {
        event.currentTarget.dataset.shownAt = String(Date.now());
      }}
    />
  );
}
