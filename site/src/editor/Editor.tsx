import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import { type Composition, compositionFor } from '../../../shared/render/composition';
import { Dialog } from '../../../shared/ui';
import { $plan } from '../licenses/pro-store';
import { useAutosave } from './autosave';
import { EditorBar } from './EditorBar';
import { EditorStage } from './EditorStage';
import { useKeymap, useObjectUrl } from './editor-hooks';
import type { ExportDialogComponent } from './export-slot';
import { Inspector } from './inspector/Inspector';
import { BlurLane } from './redaction/BlurLane';
import { SettingsPanel } from './SettingsPanel';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useUserImages } from './settings/background-images';
import { SpeedLane } from './speed/SpeedLane';
import {
  changeSettings,
  type EditorState,
  seek,
  select,
  selectRange,
  setExportOpen,
  setHelpOpen,
  setNotice,
  setTimelineZoom,
  trimEdges,
} from './state/editor-state';
import { createEditorStore, type EditorStore } from './state/editor-store';
import { selectedRange } from './state/selection';
import { CalloutLane } from './timeline/CalloutLane';
import { Timeline } from './timeline/Timeline';
import { TimelineDock } from './timeline/TimelineDock';
import { TimelineTools } from './timeline/TimelineTools';
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
 * document with its undo history, the selection, the playhead) lives in an editor store (state/editor-store.ts), changed
 * only by the pure actions of state/editor-state.ts; every edit is undoable and autosaved.
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
  const { editor, state, document, canUndo, canRedo } = useEditor(recording, initial);
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

  const settingsPanel = useSettingsPanel(editor, recording, video, document.settings);

  return (
    <div className="editor-app" data-state="showing" data-recording-id={recording.id}>
      <EditorBar
        editor={editor}
        name={recording.name}
        saveState={saveState}
        canUndo={canUndo}
        canRedo={canRedo}
        helpOpen={state.helpOpen}
        onOpenAnother={onOpenAnother}
      />

      <div className="workspace" data-selection={state.selection?.kind ?? 'none'}>
        <EditorStage
          editor={editor}
          recording={recording}
          video={video}
          videoUrl={videoUrl}
          webcam={webcam}
          webcamUrl={webcamUrl}
          composition={composition}
          document={document}
          state={state}
          videoEndsAtMs={videoEndsAtMs}
        />
        <EditorTimeline editor={editor} recording={recording} video={video} document={document} state={state} />
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

/** The editor's store for `recording`, opened on `initial`, and what the page shows of it. */
function useEditor(recording: Recording, initial: EditDocument) {
  const editor = useMemo(
    () => createEditorStore({ recording, newZoomId: () => `zoom-${crypto.randomUUID()}` }, initial),
    [recording, initial],
  );
  const state = useStore(editor.$state);
  const document = useStore(editor.$document);
  const canUndo = useStore(editor.$canUndo);
  const canRedo = useStore(editor.$canRedo);
  return { editor, state, document, canUndo, canRedo };
}

/**
 * The look's tabs of the inspector (SettingsPanel): rendered again only when the settings change, not on every move of
 * the playhead (a scrub's frame waits for it).
 */
function useSettingsPanel(editor: EditorStore, recording: Recording, video: Blob, settings: RenderSettings) {
  return useMemo(
    () => (
      <SettingsPanel
        recording={recording}
        video={video}
        settings={settings}
        hasWebcam={recording.webcam !== null}
        hasTrack={hasCursorTrack(recording)}
        onChange={(changed) => editor.run(changeSettings, changed)}
        onError={(message) => editor.run(setNotice, message)}
      />
    ),
    [settings, recording, video, editor],
  );
}

/** The timeline under its grip: the recording's frames and trim, and the lanes of zooms, speed-ups, callouts, blurs. */
function EditorTimeline({
  editor,
  recording,
  video,
  document,
  state,
}: {
  readonly editor: EditorStore;
  readonly recording: Recording;
  readonly video: Blob;
  readonly document: EditDocument;
  readonly state: EditorState;
}) {
  const { playheadMs, playing, selection } = state;
  return (
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
  );
}
