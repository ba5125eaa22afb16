import { Pause, Play, Square, Trash2 } from 'lucide-react';
import type { RecordedSource } from '../../shared/capture/capture-source';
import type { RecorderCommand, RecorderPhase } from '../../shared/messages/extension-messages';
import { Button } from '../../shared/ui';
import { formatBadgeTime } from '../background/badge';

/** The Record button's words for each source. */
const RECORD_LABELS: Readonly<Record<RecordedSource, string>> = {
  tab: 'Record this tab',
  window: 'Record a window',
  screen: 'Record the screen',
};

/**
 * The session part of the controls: a prominent Record button while idle, else the recording's time (or what it
 * waits for) and, while recording, stop, pause/resume and discard.
 */
export function RecordingSession({
  phase,
  elapsedMs,
  source,
  run,
}: {
  phase: RecorderPhase;
  elapsedMs: number;
  /** What Record records (the settings' source). */
  source: RecordedSource;
  run: (command: RecorderCommand) => void;
}) {
  const recording = phase === 'recording' || phase === 'paused';
  const elapsed = formatBadgeTime(elapsedMs);
  return (
    <>
      {phase === 'idle' && (
        <div className="session">
          <Button tone="record" size="large" className="record-button" onClick={() => run('start')}>
            <span className="record-dot" aria-hidden="true" />
            {RECORD_LABELS[source]}
          </Button>
          <p className="record-hint">
            {source === 'tab' ? 'Picture, sound and pointer.' : 'You pick it in Chrome’s picker.'} Nothing is uploaded.
          </p>
        </div>
      )}
      {phase !== 'idle' && (
        <section className="card session" aria-label="Recording">
          <div className="session-time" data-phase={phase} role="status">
            {recording && <span className="record-dot" aria-hidden="true" />}
            {phase === 'recording' && elapsed}
            {phase === 'paused' && `Paused at ${elapsed}`}
            {(phase === 'starting' || phase === 'countdown') && 'Starting…'}
            {phase === 'stopping' && 'Saving…'}
          </div>
          {recording && (
            <div className="session-buttons">
              <Button tone="primary" icon={<Square />} onClick={() => run('stop')}>
                Stop and edit
              </Button>
              {phase === 'recording' ? (
                <Button icon={<Pause />} onClick={() => run('pause')}>
                  Pause
                </Button>
              ) : (
                <Button icon={<Play />} onClick={() => run('resume')}>
                  Resume
                </Button>
              )}
              <Button tone="ghost" icon={<Trash2 />} onClick={() => run('discard')}>
                Discard
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
