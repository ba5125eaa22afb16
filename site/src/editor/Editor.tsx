import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import type { StrengthLevel } from '../../../shared/look/enumerations';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { planLimits } from '../../../shared/plans/plans';
import type { Recording } from '../../../shared/recording/recording';
import type { Composition } from '../../../shared/render/output-painter';
import {
  canRedo,
  canUndo,
  createHistory,
  type History,
  pushState,
  redo,
  replaceState,
  undo,
} from '../../../shared/timeline/history';
import { addCut, outputDurationMs, removeCutAt, setTrim, type TimeRange } from '../../../shared/timeline/timeline';
import {
  addZoomSegment,
  deleteZoomSegment,
  regenerateAutoZooms,
  resizeZoomSegment,
  updateZoomSegment,
} from '../../../shared/zoom/zoom-edits';
import { $plan } from '../licenses/pro-store';
import { rememberRenderSettings } from '../preferences/preferences';
import { useUserImages } from './background-images';
import { saveEdits } from './edit-store';
import type { ExportDialogComponent } from './export-slot';
import { Preview } from './Preview';
import { SettingsPanel } from './SettingsPanel';
import { EDITOR_SHORTCUTS } from './shortcuts';
import { type EditMode, formatTime, Timeline } from './Timeline';
import { STRENGTH_LEVELS_FOR_ZOOM } from './zoom-depths';

interface EditorProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly initial: EditDocument;
  /** Where the video really ends, when that is before the end of its track (a recording cut short). */
  readonly videoEndsAtMs?: number | null;
  /** The export's dialog, opened by "Export". */
  readonly exportDialog: ExportDialogComponent;
}

/** How long edits wait before they are autosaved (a drag saves once, at its end). */
const AUTOSAVE_DELAY_MS = 300;

/** The editor: preview, timeline, settings and export for one recording; every edit is undoable and autosaved. */
export function Editor({
  recording,
  video,
  webcam,
  initial,
  videoEndsAtMs = null,
  exportDialog: ExportDialog,
}: EditorProps) {
  const durationMs = recording.video.durationMs;
  const frameMs = 1000 / (recording.video.frameRate || 30);
  const [history, setHistory] = useState<History<EditDocument>>(() => createHistory(initial));
  const document = history.present;
  const [playheadMs, setPlayheadMs] = useState(initial.timeline.trim.startMs);
  const [playing, setPlaying] = useState(false);
  const [selectedZoomId, setSelectedZoomId] = useState<string | null>(null);
  const [range, setRange] = useState<TimeRange | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<'saved' | 'saving' | 'failed'>('saved');
  const plan = useStore($plan);
  const videoUrl = useMemo(() => URL.createObjectURL(video), [video]);
  useEffect(() => () => URL.revokeObjectURL(videoUrl), [videoUrl]);
  const webcamUrl = useMemo(() => (webcam ? URL.createObjectURL(webcam) : null), [webcam]);
  useEffect(() => () => (webcamUrl ? URL.revokeObjectURL(webcamUrl) : undefined), [webcamUrl]);

  const change = useCallback((next: EditDocument, mode: EditMode = 'push') => {
    setHistory((h) => (mode === 'push' ? pushState(h, next) : replaceState(h, next)));
  }, []);

  // Autosave, debounced; the last-used look is remembered for the next recording.
  const firstSave = useRef(true);
  useEffect(() => {
    if (firstSave.current) {
      firstSave.current = false;
      return;
    }
    setSaveState('saving');
    const timer = setTimeout(() => {
      saveEdits(recording.id, document)
        .then(() => setSaveState('saved'))
        .catch(() => setSaveState('failed'));
      rememberRenderSettings(document.settings);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [document, recording.id]);

  const userImages = useUserImages(document.settings.background);
  const composition: Composition = useMemo(
    () => ({
      recording,
      settings: document.settings,
      zoomSegments: document.zoomSegments,
      watermark: planLimits(plan).watermark,
      userImages,
    }),
    [recording, document.settings, document.zoomSegments, plan, userImages],
  );

  const seek = useCallback(
    (ms: number) => {
      setPlaying(false);
      setPlayheadMs(Math.min(durationMs, Math.max(0, ms)));
    },
    [durationMs],
  );

  const selectedZoom = document.zoomSegments.find((s) => s.id === selectedZoomId) ?? null;
  const hasTrack = recording.cursor.length > 0;

  const actions = {
    addZoom() {
      const segments = addZoomSegment(
        document.zoomSegments,
        {
          startMs: playheadMs,
          endMs: playheadMs + 2000,
          depth: document.settings.zoomDepth === 'None' ? 'Moderate' : document.settings.zoomDepth,
          focus: hasTrack ? { kind: 'cursor' } : { kind: 'point', x: 0.5, y: 0.5 },
        },
        `zoom-${crypto.randomUUID()}`,
        durationMs,
      );
      const added = segments.find((s) => !document.zoomSegments.some((old) => old.id === s.id));
      if (!added) {
        setNotice('No room for a zoom at the playhead: move it to a free spot on the zoom lane.');
        return;
      }
      setNotice(null);
      change({ ...document, zoomSegments: segments });
      setSelectedZoomId(added.id);
    },
    deleteZoom() {
      if (!selectedZoomId) return;
      change({ ...document, zoomSegments: deleteZoomSegment(document.zoomSegments, selectedZoomId) });
      setSelectedZoomId(null);
    },
    regenerate() {
      change({
        ...document,
        zoomSegments: regenerateAutoZooms(recording, document.zoomSegments, { depth: document.settings.zoomDepth }),
      });
    },
    cutRange() {
      if (!range) return;
      change({ ...document, timeline: addCut(document.timeline, range) });
      setRange(null);
    },
    restoreCut() {
      change({ ...document, timeline: removeCutAt(document.timeline, playheadMs) });
    },
    trimStartHere() {
      change({
        ...document,
        timeline: setTrim(document.timeline, durationMs, { ...document.timeline.trim, startMs: playheadMs }),
      });
    },
    trimEndHere() {
      change({
        ...document,
        timeline: setTrim(document.timeline, durationMs, { ...document.timeline.trim, endMs: playheadMs }),
      });
    },
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // Keyboard shortcuts (not while typing in a field).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA'))
        return;
      const a = actionsRef.current;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key;
      if (mod && key.toLowerCase() === 'z') a[event.shiftKey ? 'redo' : 'undo']();
      else if (mod && key.toLowerCase() === 'y') a.redo();
      else if (mod) return;
      else if (key === ' ') setPlaying((p) => !p);
      else if (key === 'ArrowLeft') setPlayheadMs((t) => Math.max(0, t - (event.shiftKey ? 1000 : frameMs)));
      else if (key === 'ArrowRight') setPlayheadMs((t) => Math.min(durationMs, t + (event.shiftKey ? 1000 : frameMs)));
      else if (key === 'Home') setPlayheadMs(0);
      else if (key === 'End') setPlayheadMs(durationMs);
      else if (key === '[') a.trimStartHere();
      else if (key === ']') a.trimEndHere();
      else if (key === 'z' || key === 'Z') a.addZoom();
      else if (key === 'x' || key === 'X') a.cutRange();
      else if (key === 'Delete' || key === 'Backspace') a.deleteZoom();
      else if (key === 'e' || key === 'E') setExportOpen(true);
      else if (key === '?') setHelpOpen((open) => !open);
      else return;
      event.preventDefault();
      if (key !== ' ') setPlaying(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [durationMs, frameMs]);

  const setSettings = (settings: RenderSettings) => change({ ...document, settings });
  const trim = document.timeline.trim;

  return (
    <div className="editor-app" data-state="showing" data-recording-id={recording.id}>
      <header className="editor-bar">
        <h1 className="editor-title">{recording.name}</h1>
        <span className="save-state" data-save-state={saveState}>
          {{ saved: 'All changes saved', saving: 'Saving…', failed: 'Could not save your edits' }[saveState]}
        </span>
        <div className="editor-actions">
          <button type="button" onClick={actions.undo} disabled={!canUndo(history)} aria-label="Undo">
            Undo
          </button>
          <button type="button" onClick={actions.redo} disabled={!canRedo(history)} aria-label="Redo">
            Redo
          </button>
          <button type="button" onClick={() => setHelpOpen((o) => !o)} aria-expanded={helpOpen}>
            Shortcuts
          </button>
          <a href="/recordings">Recordings</a>
          <button type="button" className="primary" onClick={() => setExportOpen(true)}>
            Export
          </button>
        </div>
      </header>

      <div className="editor-main">
        <section className="stage">
          <Preview
            videoUrl={videoUrl}
            webcamUrl={webcamUrl}
            composition={composition}
            timeline={document.timeline}
            playheadMs={playheadMs}
            playing={playing}
            onPlayhead={setPlayheadMs}
            onEnded={() => setPlaying(false)}
          />
          <div className="transport">
            <button type="button" onClick={() => setPlaying((p) => !p)} aria-label={playing ? 'Pause' : 'Play'}>
              {playing ? 'Pause' : 'Play'}
            </button>
            <span className="time" data-testid="playhead" data-ms={Math.round(playheadMs)}>
              {formatTime(playheadMs)} / {formatTime(durationMs)}
            </span>
            <span className="time">Edited length {formatTime(outputDurationMs(document.timeline))}</span>
          </div>
          <section className="edit-tools" aria-label="Timeline tools">
            <label className="field inline">
              <span>Trim start (s)</span>
              <input
                type="number"
                step={0.1}
                min={0}
                value={(trim.startMs / 1000).toFixed(2)}
                onChange={(e) =>
                  change({
                    ...document,
                    timeline: setTrim(document.timeline, durationMs, {
                      ...trim,
                      startMs: Number(e.target.value) * 1000,
                    }),
                  })
                }
              />
            </label>
            <label className="field inline">
              <span>Trim end (s)</span>
              <input
                type="number"
                step={0.1}
                min={0}
                value={(trim.endMs / 1000).toFixed(2)}
                onChange={(e) =>
                  change({
                    ...document,
                    timeline: setTrim(document.timeline, durationMs, { ...trim, endMs: Number(e.target.value) * 1000 }),
                  })
                }
              />
            </label>
            <button type="button" onClick={actions.cutRange} disabled={!range}>
              Cut out selection
            </button>
            <button
              type="button"
              onClick={actions.restoreCut}
              disabled={!document.timeline.cuts.some((c) => playheadMs >= c.startMs && playheadMs < c.endMs)}
            >
              Restore cut
            </button>
            <button type="button" onClick={actions.addZoom}>
              Add zoom
            </button>
            <button type="button" onClick={actions.regenerate} disabled={!hasTrack}>
              Regenerate auto zooms
            </button>
          </section>

          {notice && <p role="status">{notice}</p>}
          {videoEndsAtMs !== null && (
            <p className="cut-short" role="alert" data-testid="video-cut-short">
              The video ends at {formatTime(videoEndsAtMs)}, but this recording’s track goes on to{' '}
              {formatTime(durationMs)}: the end of the video is missing, so its last frame would stand still until then.{' '}
              {trim.endMs > videoEndsAtMs && (
                <button
                  type="button"
                  onClick={() =>
                    change({
                      ...document,
                      timeline: setTrim(document.timeline, durationMs, { ...trim, endMs: videoEndsAtMs }),
                    })
                  }
                >
                  Trim to where the video ends
                </button>
              )}
            </p>
          )}
          <Timeline
            durationMs={durationMs}
            document={document}
            playheadMs={playheadMs}
            selectedZoomId={selectedZoomId}
            range={range}
            onSeek={seek}
            onChange={change}
            onSelectZoom={setSelectedZoomId}
            onRange={setRange}
          />

          {selectedZoom && (
            <section className="zoom-inspector" aria-label="Selected zoom">
              <label className="field inline">
                <span>Zoom start (s)</span>
                <input
                  type="number"
                  step={0.1}
                  value={(selectedZoom.startMs / 1000).toFixed(2)}
                  onChange={(e) =>
                    change({
                      ...document,
                      zoomSegments: resizeWithin(
                        document,
                        selectedZoom.id,
                        { startMs: Number(e.target.value) * 1000 },
                        durationMs,
                      ),
                    })
                  }
                />
              </label>
              <label className="field inline">
                <span>Zoom end (s)</span>
                <input
                  type="number"
                  step={0.1}
                  value={(selectedZoom.endMs / 1000).toFixed(2)}
                  onChange={(e) =>
                    change({
                      ...document,
                      zoomSegments: resizeWithin(
                        document,
                        selectedZoom.id,
                        { endMs: Number(e.target.value) * 1000 },
                        durationMs,
                      ),
                    })
                  }
                />
              </label>
              <label className="field inline">
                <span>Zoom depth</span>
                <select
                  value={selectedZoom.depth}
                  onChange={(e) =>
                    change({
                      ...document,
                      zoomSegments: updateZoomSegment(document.zoomSegments, selectedZoom.id, {
                        depth: e.target.value as StrengthLevel,
                      }),
                    })
                  }
                >
                  {STRENGTH_LEVELS_FOR_ZOOM.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field inline">
                <span>Follow</span>
                <select
                  value={selectedZoom.focus.kind}
                  onChange={(e) =>
                    change({
                      ...document,
                      zoomSegments: updateZoomSegment(document.zoomSegments, selectedZoom.id, {
                        focus: e.target.value === 'cursor' ? { kind: 'cursor' } : { kind: 'point', x: 0.5, y: 0.5 },
                      }),
                    })
                  }
                >
                  <option value="cursor" disabled={!hasTrack}>
                    Cursor
                  </option>
                  <option value="point">Fixed point</option>
                </select>
              </label>
              {selectedZoom.focus.kind === 'point' && (
                <>
                  <label className="field inline">
                    <span>Focus x</span>
                    <input
                      type="number"
                      step={0.01}
                      min={0}
                      max={1}
                      value={selectedZoom.focus.x}
                      onChange={(e) =>
                        change({
                          ...document,
                          zoomSegments: updateZoomSegment(document.zoomSegments, selectedZoom.id, {
                            focus: {
                              kind: 'point',
                              x: clamp01(Number(e.target.value)),
                              y: (selectedZoom.focus as { y: number }).y,
                            },
                          }),
                        })
                      }
                    />
                  </label>
                  <label className="field inline">
                    <span>Focus y</span>
                    <input
                      type="number"
                      step={0.01}
                      min={0}
                      max={1}
                      value={selectedZoom.focus.y}
                      onChange={(e) =>
                        change({
                          ...document,
                          zoomSegments: updateZoomSegment(document.zoomSegments, selectedZoom.id, {
                            focus: {
                              kind: 'point',
                              x: (selectedZoom.focus as { x: number }).x,
                              y: clamp01(Number(e.target.value)),
                            },
                          }),
                        })
                      }
                    />
                  </label>
                </>
              )}
              <button type="button" onClick={actions.deleteZoom}>
                Delete zoom
              </button>
            </section>
          )}

          {helpOpen && (
            <section className="shortcuts-help" aria-label="Keyboard shortcuts">
              <h2>Keyboard shortcuts</h2>
              <dl>
                {EDITOR_SHORTCUTS.map((s) => (
                  <div key={s.keys}>
                    <dt>
                      <kbd>{s.keys}</kbd>
                    </dt>
                    <dd>{s.action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </section>
        <SettingsPanel
          settings={document.settings}
          hasWebcam={recording.webcam !== null}
          hasTrack={hasTrack}
          onChange={setSettings}
          onError={setNotice}
        />
      </div>

      {exportOpen && (
        <ExportDialog
          recording={recording}
          video={video}
          webcam={webcam}
          userImages={userImages}
          document={document}
          onClose={() => setExportOpen(false)}
        />
      )}
    </div>
  );
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

function resizeWithin(
  document: EditDocument,
  id: string,
  edges: { startMs?: number; endMs?: number },
  durationMs: number,
): EditDocument['zoomSegments'] {
  return resizeZoomSegment(document.zoomSegments, id, edges, durationMs);
}
