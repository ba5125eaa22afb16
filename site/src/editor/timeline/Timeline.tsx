import type { ReadableAtom } from 'nanostores';
import { type ReactNode, useMemo, useRef } from 'react';
import type { EditDocument } from '../../../../shared/edits/edit-document';
import type { Recording } from '../../../../shared/recording/recording';
import type { TimeRange } from '../../../../shared/timeline/timeline';
import { maxTimelineZoom, TIMELINE_ZOOM_STEP } from '../../../../shared/timeline/timeline-view';
import type { EditMode } from '../state/editor-state';
import { MarkersTrack } from './MarkersTrack';
import { Playhead } from './Playhead';
import { TimelineRuler } from './TimelineRuler';
import { TimelineToolbar } from './TimelineToolbar';
import { timelineMediaKey, useTimelineMedia } from './timeline-media';
import { type TimelineScale, TimelineScaleContext } from './timeline-scale';
import { usePageTurn, useViewport, useWheelZoom, useZoomAnchor } from './timeline-scroll';
import { VideoTrack } from './VideoTrack';
import { WaveformTrack } from './WaveformTrack';
import './timeline.css';
import './tracks.css';

const GUTTER = 'var(--timeline-gutter)';

interface TimelineProps {
  readonly recording: Recording;
  /** The recording's video file: the filmstrip and the waveform are read from it. */
  readonly video: Blob;
  readonly document: EditDocument;
  readonly playheadMs: number;
  /** Playing, the playhead of each picture the preview shows (live-playhead.tsx). */
  readonly livePlayhead: ReadableAtom<number | null>;
  readonly playing: boolean;
  readonly range: TimeRange | null;
  /** Whether the trim is what is selected (its grips then show it). */
  readonly trimSelected: boolean;
  /** The magnification (1: the whole recording fits). */
  readonly zoom: number;
  readonly onZoom: (zoom: number) => void;
  readonly onSeek: (sourceMs: number) => void;
  /** The trim's start or end moved; `mode`: a new undo step or the rest of a drag. */
  readonly onTrim: (edges: Partial<TimeRange>, mode: EditMode) => void;
  readonly onRange: (range: TimeRange | null) => void;
  readonly onSelectTrim: () => void;
  readonly onSelectCut: (cut: TimeRange) => void;
  /** Extra rows below the built-in ones (zooms, speed-ups, text, blur…): TrackRows placed with useTimelineScale. */
  readonly children?: ReactNode;
  /** Extra controls in the timeline's toolbar, before the zoom controls. */
  readonly tools?: ReactNode;
}

/**
 * The recording on a line, in source time, as studio editors show it: a toolbar (the editor's tools, then zoom
 * out/in/fit), the ruler, the filmstrip with the trim handles and cuts, the waveform, click and key markers, then the
 * rows given (zooms, speed-ups, text, blur);
 * the playhead through them all. Ctrl/⌘ + wheel zooms at the pointer; zoomed in, the rows scroll sideways together.
 */
export function Timeline(props: TimelineProps) {
  const { recording, document, playheadMs, playing, zoom, onZoom } = props;
  const durationMs = recording.video.durationMs;
  const frameMs = 1000 / (recording.video.frameRate || 30);
  const scrollRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const viewport = useViewport(scrollRef, trackRef);
  const media = useTimelineMedia(timelineMediaKey(recording.id, props.video), props.video, durationMs);
  const maxZoom = maxTimelineZoom(durationMs, frameMs);
  const scale: TimelineScale = useMemo(
    () => ({ durationMs, frameMs, zoom, viewport, trackRef }),
    [durationMs, frameMs, zoom, viewport],
  );

  const anchorRef = useZoomAnchor(scrollRef, trackRef, { zoom, playheadMs, durationMs });
  usePageTurn(scrollRef, trackRef, { playing, playheadMs, zoom, durationMs });
  useWheelZoom(scrollRef, trackRef, anchorRef, zoom, onZoom);

  const aspect = recording.video.width / recording.video.height;
  return (
    <TimelineScaleContext.Provider value={scale}>
      <div className="timeline" data-theme="dark" data-testid="timeline" data-zoom={zoom.toFixed(3)}>
        <TimelineToolbar
          zoom={zoom}
          maxZoom={maxZoom}
          onZoom={onZoom}
          onZoomIn={() => onZoom(zoom * TIMELINE_ZOOM_STEP)}
          onZoomOut={() => onZoom(zoom / TIMELINE_ZOOM_STEP)}
        >
          {props.tools}
        </TimelineToolbar>
        <div className="timeline-scroll" ref={scrollRef} data-testid="timeline-scroll">
          {/* The rows' labels sit in a gutter left of the lanes, never over a zoom or a frame near 0 s: the lanes
              (the track, time 0 at its left edge) are `zoom` times the scroll box's width less the gutter. */}
          <div className="timeline-content" style={{ width: `calc(${GUTTER} + ${zoom} * (100% - ${GUTTER}))` }}>
            <div className="timeline-track" ref={trackRef}>
              <TimelineRuler onSeek={props.onSeek} />
              <VideoTrack
                document={document}
                media={media}
                aspect={aspect}
                range={props.range}
                trimSelected={props.trimSelected}
                onSeek={props.onSeek}
                onTrim={props.onTrim}
                onRange={props.onRange}
                onSelectTrim={props.onSelectTrim}
                onSelectCut={props.onSelectCut}
              />
              <WaveformTrack media={media} hasAudio={recording.audio.tab || recording.audio.microphone} />
              <MarkersTrack recording={recording} onSeek={props.onSeek} />
              {props.children}
              <Playhead ms={playheadMs} live={props.livePlayhead} onSeek={props.onSeek} />
            </div>
          </div>
        </div>
      </div>
    </TimelineScaleContext.Provider>
  );
}
