import { useStore } from '@nanostores/react';
import { Download, Ellipsis, FolderOpen, Keyboard, Library, Pause, Play, Redo2, Undo2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import type { Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import { type Composition, compositionFor } from '../../../shared/render/composition';
import { outputDurationMs } from '../../../shared/timeline/timeline';
import { Button, IconButton, Menu } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import { useAutosave } from './autosave';
import { useUserImages } from './background-images';
import { CalloutsInspector } from './CalloutsInspector';
import {
  changeSettings,
  editDocument,
  playheadAt,
  redoEdit,
  seek,
  selectRange,
  selectZoom,
  setExportOpen,
  setHelpOpen,
  setNotice,
  setPlaying,
  setTimelineZoom,
  trim,
  undoEdit,
} from './editor-state';
import { createEditorStore, type EditorStore } from './editor-store';
import type { ExportDialogComponent } from './export-slot';
import { PlayheadTime } from './live-playhead';
import { Preview } from './Preview';
import { PreviewPointer } from './PreviewPointer';
import { RedactionTracks } from './redaction/RedactionTracks';
import { SettingsPanel } from './SettingsPanel';
import { ShortcutsHelp } from './ShortcutsHelp';
import { commandForKey } from './shortcuts';
import { SpeedLane } from './speed/SpeedLane';
import { SpeedTools } from './speed/SpeedTools';
import { TrimInspector } from './TrimInspector';
import { Timeline } from './timeline/Timeline';
import { formatTime } from './timeline/timeline-scale';
import { ZoomInspector } from './ZoomInspector';

interface EditorProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly initial: EditDocument;
  /** Where the video really ends, when that is before the end of its track or its file's index (cut short). */
  readonly videoEndsAtMs?: number | null;
  /** The export's dialog, opened by "Export". */
  readonly exportDialog: ExportDialogComponent;
  /** Opens the file picker for another video (the header's menu offers it). */
  readonly onOpenAnother?: () => void;
}

/** An object URL for `blob` while it is shown. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Runs the keymap's commands on key presses (not while typing in a field). */
function useKeymap(editor: EditorStore) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A control that took the key (a slider's or a radio group's arrows) keeps it.
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA'))
        return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      editor.command(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}

/**
 * The editor's layout: preview, timeline, inspectors, settings and export for one recording. Its state (the edit
 * document with its undo history, the selection, the playhead) lives in an editor store (editor-store.ts), changed
 * only by the pure actions of editor-state.ts; every edit is undoable and autosaved.
 */
export function Editor({
  recording,
  video,
  webcam,
  initial,
  videoEndsAtMs = null,
  exportDialog: ExportDialog,
  onOpenAnother,
}: EditorProps) {
  const editor = useMemo(
    () => createEditorStore({ recording, newZoomId: () => `zoom-${crypto.randomUUID()}` }, initial),
    [recording, initial],
  );
  const state = useStore(editor.$state);
  const document = useStore(editor.$document);
  const canUndo = useStore(editor.$canUndo);
  const canRedo = useStore(editor.$canRedo);
  const plan = useStore($plan);
  const saveState = useAutosave(recording.id, document);
  const videoUrl = useObjectUrl(video) as string;
  const webcamUrl = useObjectUrl(webcam);
  useKeymap(editor);

  const userImages = useUserImages(document.settings.background);
  const composition: Composition = useMemo(
    () => compositionFor(recording, document, plan, userImages),
    [recording, document, plan, userImages],
  );

  // Rendered again only when the settings change, not on every move of the playhead (a scrub's frame waits for it).
  const settingsPanel = useMemo(
    () => (
      <SettingsPanel
        settings={document.settings}
        hasWebcam={recording.webcam !== null}
        hasTrack={hasCursorTrack(recording)}
        onChange={(settings) => editor.run(changeSettings, settings)}
        onError={(message) => editor.run(setNotice, message)}
      />
    ),
    [document.settings, recording, editor],
  );

  const durationMs = recording.video.durationMs;
  const { playheadMs, playing } = state;
  const trimEnd = document.timeline.trim.endMs;

  return (
    <div className="editor-app" data-state="showing" data-recording-id={recording.id}>
      <header className="editor-bar">
        <h1 className="editor-title">{recording.name}</h1>
        <span className="save-state" data-save-state={saveState}>
          {{ saved: 'All changes saved', saving: 'Saving…', failed: 'Could not save your edits' }[saveState]}
        </span>
        <div className="editor-actions">
          <IconButton
            label="Undo"
            shortcut="Ctrl+Z"
            icon={<Undo2 />}
            onClick={() => editor.run(undoEdit)}
            disabled={!canUndo}
          />
          <IconButton
            label="Redo"
            shortcut="Ctrl+Shift+Z"
            icon={<Redo2 />}
            onClick={() => editor.run(redoEdit)}
            disabled={!canRedo}
          />
          <Button
            tone="ghost"
            icon={<Keyboard />}
            onClick={() => editor.run(setHelpOpen, !state.helpOpen)}
            aria-expanded={state.helpOpen}
          >
            Shortcuts
          </Button>
          <Menu
            trigger={<IconButton label="More" icon={<Ellipsis />} />}
            items={[
              ...(onOpenAnother
                ? [{ label: 'Open another video…', icon: <FolderOpen />, onSelect: onOpenAnother }]
                : []),
              { label: 'Your recordings', icon: <Library />, onSelect: () => window.location.assign('/recordings') },
            ]}
          />
          <Button tone="primary" icon={<Download />} onClick={() => editor.run(setExportOpen, true)}>
            Export
          </Button>
        </div>
      </header>

      <div className="editor-main">
        <section className="stage">
          <Preview
            video={video}
            videoUrl={videoUrl}
            webcam={webcam}
            webcamUrl={webcamUrl}
            composition={composition}
            timeline={document.timeline}
            playheadMs={playheadMs}
            playing={playing}
            onPlayhead={(ms) => editor.run(playheadAt, ms)}
            livePlayhead={editor.$livePlayheadMs}
            onEnded={() => editor.run(setPlaying, false)}
          >
            <PreviewPointer editor={editor} composition={composition} />
          </Preview>
          <div className="transport">
            <Button
              size="small"
              icon={playing ? <Pause /> : <Play />}
              onClick={() => editor.run(setPlaying, !playing)}
              aria-label={playing ? 'Pause' : 'Play'}
            >
              {playing ? 'Pause' : 'Play'}
            </Button>
            <span className="time">
              <PlayheadTime live={editor.$livePlayheadMs} ms={playheadMs} testId="playhead" /> /{' '}
              {formatTime(durationMs)}
            </span>
            <span className="time">Edited length {formatTime(outputDurationMs(document.timeline))}</span>
          </div>
          <TrimInspector editor={editor} />

          {state.notice && <p role="status">{state.notice}</p>}
          {videoEndsAtMs !== null && (
            <p className="cut-short" role="alert" data-testid="video-cut-short">
              The video ends at {formatTime(videoEndsAtMs)}, but{' '}
              {hasCursorTrack(recording) ? 'this recording’s track goes on to' : 'its file says it lasts'}{' '}
              {formatTime(durationMs)}: the last {((durationMs - videoEndsAtMs) / 1000).toFixed(1)} s of the video are
              missing, so its last frame would stand still until then.{' '}
              {trimEnd > videoEndsAtMs && (
                <Button size="small" onClick={() => editor.run(trim, { endMs: videoEndsAtMs })}>
                  Trim to where the video ends
                </Button>
              )}
            </p>
          )}
          <Timeline
            recording={recording}
            video={video}
            document={document}
            playheadMs={playheadMs}
            livePlayhead={editor.$livePlayheadMs}
            playing={playing}
            zoom={state.timelineZoom}
            onZoom={(zoom) => editor.run(setTimelineZoom, zoom)}
            selectedZoomId={state.selectedZoomId}
            range={state.range}
            onSeek={(ms) => editor.run(seek, ms)}
            onChange={(next, mode) => editor.run(editDocument, next, mode)}
            onSelectZoom={(id) => editor.run(selectZoom, id)}
            onRange={(range) => editor.run(selectRange, range)}
          >
            <SpeedLane editor={editor} />
          </Timeline>
          <SpeedTools editor={editor} />
          <ZoomInspector editor={editor} />
          <CalloutsInspector editor={editor} />
          <RedactionTracks editor={editor} />
          {state.helpOpen && <ShortcutsHelp />}
        </section>
        {settingsPanel}
      </div>

      {state.exportOpen && (
        <ExportDialog
          recording={recording}
          video={video}
          webcam={webcam}
          userImages={userImages}
          document={document}
          onClose={() => editor.run(setExportOpen, false)}
        />
      )}
    </div>
  );
}
