// What the export dialog shows once the file is made: the video to play, and what to do next.
import { Check, Library, Play, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../shared/ui';

/**
 * A finished export, played here: a button until pressed, then the video itself (read from where it was saved: the
 * file picked, or the downloads' temporary copy while the browser reads it).
 */
export function ExportDonePlayer({ fileName, file }: { readonly fileName: string; readonly file: File | null }) {
  const [playing, setPlaying] = useState(false);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url && playing)
    // biome-ignore lint/a11y/useMediaCaption: the user's own screen recording has no captions
    return <video className="export-done-video" src={url} controls autoPlay data-testid="export-done-video" />;
  return (
    <button
      type="button"
      className="export-done-play"
      disabled={!url}
      onClick={() => setPlaying(true)}
      aria-label={`Play “${fileName}”`}
    >
      <Play aria-hidden="true" />
      Play it
    </button>
  );
}

/** What next, once an export is done: the recordings library, the same export again (its choices), or done. */
export function ExportDoneActions({
  onAgain,
  onClose,
}: {
  readonly onAgain: () => void;
  readonly onClose: () => void;
}) {
  return (
    <>
      <a className="cr-button" data-tone="ghost" data-size="medium" href="/recordings">
        <span className="cr-button-icon" aria-hidden="true">
          <Library />
        </span>
        Your recordings
      </a>
      <Button icon={<RotateCcw />} onClick={onAgain}>
        Export again
      </Button>
      <Button tone="primary" icon={<Check />} onClick={onClose}>
        Done
      </Button>
    </>
  );
}
