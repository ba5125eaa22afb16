import { useStore } from '@nanostores/react';
import { ArrowLeft, Download, Ellipsis, FolderOpen, Keyboard, Library, Redo2, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import type { Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import { type Composition, compositionFor } from '../../../shared/render/composition';
import { Button, Dialog, IconButton, Menu } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import { useAutosave } from './autosave';
import { useUserImages } from './background-images';
import { CalloutLane } from './CalloutLane';
import { useKeymap, useObjectUrl } from './editor-hooks';
import {
  changeSettings,
  playheadAt,
  redoEdit,
  seek,
  select,
  selectRange,
  setExportOpen,
  setHelpOpen,
  setNotice,
  setPlaying,
  setTimelineZoom,
  trim,
  trimEdges,
  undoEdit,
} from './editor-state';
import { createEditorStore } from './editor-store';
import type { ExportDialogComponent } from './export-slot';
import { Inspector } from './inspector/Inspector';
import { Preview } from './Preview';
import { PreviewPointer } from './PreviewPointer';
import { BlurLane } from './redaction/BlurLane';
import { SettingsPanel } from './SettingsPanel';
import { ShortcutsHelp } from './ShortcutsHelp';
import { selectedRange } from './selection';
import { SpeedLane } from './speed/SpeedLane';
import { Timeline } from './timeline/Timeline';
import { TimelineDock } from './timeline/TimelineDock';
import { TimelineTools } from './timeline/TimelineTools';
import { formatTime } from './timeline/timeline-scale';
import { ZoomTrack } from './timeline/ZoomTrack';

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

/**
 * The editor, a full-window studio: the app bar (back to the library, the recording's name, undo and redo, shortcuts,
 * Export), the preview filling the space left, the inspector on the right at full height (what is selected, or the
 * look's tabs), and the timeline at the bottom under a grip that resizes it; the page itself never scrolls. Its state (the edit
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
        recording={recording}
        video={video}
        settings={document.settings}
        hasWebcam={recording.webcam !== null}
        hasTrack={hasCursorTrack(recording)}
        onChange={(settings) => editor.run(changeSettings, settings)}
        onError={(message) => editor.run(setNotice, message)}
      />
    ),
    [document.settings, recording, video, editor],
  );

  const durationMs = recording.video.durationMs;
  const { playheadMs, playing, selection } = state;
  const trimEnd = document.timeline.trim.endMs;
  const hasTrack = hasCursorTrack(recording);

  return (
    <div className="editor-app" data-state="showing" data-recording-id={recording.id}>
      <header className="editor-bar">
        <a className="editor-back" href="/recordings" aria-label="Back to your recordings" title="Your recordings">
          <ArrowLeft aria-hidden="true" />
        </a>
        <div className="editor-heading">
          <h1 className="editor-title">{recording.name}</h1>
          <span className="save-state" data-save-state={saveState}>
            {{ saved: 'All changes saved', saving: 'Saving…', failed: 'Could not save your edits' }[saveState]}
          </span>
        </div>
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

      <div className="workspace" data-selection={selection?.kind ?? 'none'}>
        <section className="stage" aria-label="Preview">
          {(state.notice || videoEndsAtMs !== null) && (
            <div className="stage-notices">
              {state.notice && (
                <p className="stage-notice" role="status">
                  {state.notice}
                </p>
              )}
              {videoEndsAtMs !== null && (
                <p className="cut-short" role="alert" data-testid="video-cut-short">
                  The video ends at {formatTime(videoEndsAtMs)}, but{' '}
                  {hasTrack ? 'this recording’s track goes on to' : 'its file says it lasts'} {formatTime(durationMs)}:
                  the last {((durationMs - videoEndsAtMs) / 1000).toFixed(1)} s of the video are missing, so its last
                  frame would stand still until then.{' '}
                  {trimEnd > videoEndsAtMs && (
                    <Button size="small" onClick={() => editor.run(trim, { endMs: videoEndsAtMs })}>
                      Trim to where the video ends
                    </Button>
                  )}
                </p>
              )}
            </div>
          )}
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
        </section>
        <TimelineDock>
          <Timeline
            recording={recording}
            video={video}
            document={document}
            playheadMs={playheadMs}
            livePlayhead={editor.$livePlayheadMs}
            playing={playing}
            zoom={state.timelineZoom}
            onZoom={(zoom) => editor.run(setTimelineZoom, zoom)}
            range={selectedRange(selection)}
            trimSelected={selection?.kind === 'trim'}
            onSeek={(ms) => editor.run(seek, ms)}
            onTrim={(edges, mode) => editor.run(trimEdges, edges, mode)}
            onRange={(range) => editor.run(selectRange, range)}
            onSelectTrim={() => editor.run(select, { kind: 'trim' })}
            onSelectCut={(cut) => editor.run(select, { kind: 'cut', ...cut })}
            tools={<TimelineTools editor={editor} document={document} playing={playing} playheadMs={playheadMs} />}
          >
            <ZoomTrack editor={editor} />
            <SpeedLane editor={editor} />
            <CalloutLane editor={editor} />
            <BlurLane editor={editor} />
          </Timeline>
        </TimelineDock>
        <Inspector editor={editor} settings={settingsPanel} />
      </div>

      {state.helpOpen && (
        <Dialog title="Keyboard shortcuts" wide onClose={() => editor.run(setHelpOpen, false)}>
          <ShortcutsHelp />
        </Dialog>
      )}
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
