import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/errors/error-message';
import type { ExportFormat } from '../../../shared/export/export-options';
import { $exportCount } from '../preferences/preferences';
import { markActivity } from '../pwa/page-activity';
import { type RunningExport, startExport } from './export-client';
import { chooseDestination, type ExportDestination, type SaveFilePicker } from './export-destination';
import { ExportCancelledError } from './export-errors';
import type { ExportJob } from './export-job';
import { downloadPrivateExport, newPrivateExport, sweepPrivateExports } from './private-exports';

/** Where the export dialog's one export is. */
export type ExportState =
  | { readonly phase: 'idle' }
  /** Another export of this browser runs (this tab or another): this one starts when it ends. */
  | { readonly phase: 'waiting' }
  | { readonly phase: 'running'; readonly done: number; readonly total: number; readonly startedAt: number }
  | {
      readonly phase: 'done';
      readonly fileName: string;
      /** Saved where the user chose, or handed to the browser's downloads. */
      readonly savedTo: 'picked' | 'downloads';
      readonly size: number;
      /** Frames the export had to hold beyond the recording's own still moments: frames it could not read. */
      readonly missingFrames: number;
      /** Why the frames were painted the slow way (Canvas 2D), when the planar painter failed. */
      readonly painterFallback: string | null;
      /** The finished file, to play here (read from where it was saved). */
      readonly file: File | null;
    }
  | { readonly phase: 'cancelled' }
  | { readonly phase: 'failed'; readonly message: string };

/** What an export renders, apart from where its file goes. */
export type ExportWork = Omit<ExportJob, 'destination'>;

type SetState = (state: ExportState) => void;

/** Where the file goes: asked first, while the click still counts as the user's (the save dialog needs it). */
async function pickDestination(suggestedName: string, format: ExportFormat, setState: SetState) {
  try {
    return await chooseDestination(
      suggestedName,
      format,
      window as unknown as { showSaveFilePicker?: SaveFilePicker },
      () => newPrivateExport(format),
    );
  } catch (error) {
    setState({ phase: 'failed', message: errorMessage(error) });
    return null;
  }
}

/** Runs one export into `destination`, telling `setState` how far it is, until it is saved, cancelled or failed. */
async function runExport(
  destination: ExportDestination,
  fileName: string,
  work: ExportWork,
  setState: SetState,
  running: { current: RunningExport | null },
): Promise<void> {
  // The time left is reckoned from when the export got its turn, not from a wait for another export.
  let startedAt = performance.now();
  let waited = false;
  setState({ phase: 'running', done: 0, total: 1, startedAt });
  const job = startExport(
    { ...work, destination },
    {
      onProgress: (progress) => {
        if (waited) [startedAt, waited] = [performance.now(), false];
        setState({ phase: 'running', done: progress.framesDone, total: progress.framesTotal, startedAt });
      },
      onWaiting: () => {
        waited = true;
        setState({ phase: 'waiting' });
      },
    },
  );
  running.current = job;
  markActivity('exporting', true);
  try {
    const result = await job.result;
    // A private file goes to the downloads straight from the disk.
    const file =
      destination.kind === 'private'
        ? await downloadPrivateExport(destination.name, fileName)
        : await destination.handle.getFile().catch(() => null);
    $exportCount.set($exportCount.get() + 1);
    setState({
      phase: 'done',
      fileName,
      savedTo: destination.kind === 'picked' ? 'picked' : 'downloads',
      size: result.size,
      missingFrames: Math.max(0, result.heldFrames - result.sourceHeldFrames),
      painterFallback: result.painterFallback,
      file,
    });
  } catch (error) {
    if (error instanceof ExportCancelledError) setState({ phase: 'cancelled' });
    else setState({ phase: 'failed', message: errorMessage(error) });
  } finally {
    running.current = null;
    markActivity('exporting', false);
  }
}

/**
 * The export dialog's export: `begin` asks where to save, then renders in a worker with progress; `cancel` stops it.
 * `work` is made once the destination is chosen.
 */
export function useExportRun() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<RunningExport | null>(null);
  // Temporary files of exports this browser left behind (a tab closed mid-export) go when the dialog opens; an
  // export never outlives its dialog (another recording opened): nothing is saved later.
  useEffect(() => {
    void sweepPrivateExports().catch(() => undefined);
    return () => running.current?.cancel();
  }, []);
  const begin = async (suggestedName: string, format: ExportFormat, work: () => ExportWork) => {
    const destination = await pickDestination(suggestedName, format, setState);
    if (!destination) return; // The save dialog was closed: nothing to export.
    const fileName = destination.kind === 'picked' ? destination.handle.name : suggestedName;
    await runExport(destination, fileName, work(), setState, running);
  };
  return {
    state,
    begin,
    cancel: () => running.current?.cancel(),
    again: () => setState({ phase: 'idle' }),
  };
}
