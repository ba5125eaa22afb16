import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { errorMessage } from '../../shared/errors/error-message';
import type { RecorderCommand, RecorderStatus } from '../../shared/messages/extension-messages';

async function ask(message: object): Promise<RecorderStatus> {
  return (await browser.runtime.sendMessage({ to: 'background', ...message })) as RecorderStatus;
}

/**
 * The recorder as the background reports it, asked every second while the controls are open, with the error of the
 * last failed command; `run` sends a command (the controls close once recording starts), `openPending` hands a
 * recording waiting for the editor over to it.
 */
export function useRecorderStatus() {
  const [status, setStatus] = useState<RecorderStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    ask({ type: 'get-status' }).then(setStatus, (e: unknown) => setError(String(e)));
  }, []);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, 1000);
    return () => clearInterval(timer);
  }, [refresh]);

  const run = async (command: RecorderCommand) => {
    setError(null);
    try {
      setStatus(await ask({ type: 'command', command }));
      if (command === 'start') window.close();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const openPending = (sessionId: string) => ask({ type: 'open-pending', sessionId });

  return { status, error, run, openPending };
}
