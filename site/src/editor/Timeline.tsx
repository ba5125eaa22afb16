import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import type { EditDocument } from '../../../shared/edits/edit-document';
import { setTrim, type TimeRange } from '../../../shared/timeline/timeline';
import { moveZoomSegment, resizeZoomSegment } from '../../../shared/zoom/zoom-edits';
import type { EditMode } from './editor-state';

interface TimelineProps {
  readonly durationMs: number;
  readonly document: EditDocument;
  readonly playheadMs: number;
  readonly selectedZoomId: string | null;
  readonly range: TimeRange | null;
  readonly onSeek: (sourceMs: number) => void;
  readonly onChange: (document: EditDocument, mode: EditMode) => void;
  readonly onSelectZoom: (id: string | null) => void;
  readonly onRange: (range: TimeRange | null) => void;
}

function formatTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;
}

/**
 * The recording on a line, in source time: the ruler (click or drag to scrub), the video lane with the trim
 * handles, cut sections and a range selection (drag), and the zoom lane (drag to move, edges to resize).
 */
export function Timeline(props: TimelineProps) {
  const { durationMs, document, playheadMs, selectedZoomId, range } = props;
  const areaRef = useRef<HTMLDivElement>(null);
  const percent = (ms: number) => `${(Math.min(durationMs, Math.max(0, ms)) / durationMs) * 100}%`;

  function timeAt(clientX: number): number {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(durationMs, Math.max(0, ((clientX - rect.left) / rect.width) * durationMs));
  }

  /** Follows a pointer from press to release; `move` gets the time under the pointer and whether it is the first move. */
  function drag(event: ReactPointerEvent, move: (ms: number, first: boolean) => void, end?: () => void) {
    event.preventDefault();
    event.stopPropagation();
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    let first = true;
    const onMove = (e: PointerEvent) => {
      move(timeAt(e.clientX), first);
      first = false;
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      end?.();
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
  }

  const { trim, cuts } = document.timeline;
  return (
    <div className="timeline" data-testid="timeline">
      <div className="timeline-area" ref={areaRef}>
        <div
          className="ruler"
          onPointerDown={(e) => {
            props.onSeek(timeAt(e.clientX));
            drag(e, (ms) => props.onSeek(ms));
          }}
        >
          {Array.from({ length: Math.floor(durationMs / 1000) + 1 }, (_, second) => second * 1000).map((ms) => (
            <span key={ms} className="tick" style={{ left: percent(ms) }}>
              {ms % 5000 === 0 || durationMs < 15_000 ? `${ms / 1000}s` : ''}
            </span>
          ))}
        </div>

        <div
          className="lane video-lane"
          title="Video: drag to select a range to cut"
          onPointerDown={(e) => {
            const start = timeAt(e.clientX);
            props.onSeek(start);
            props.onRange(null);
            drag(e, (ms) => {
              if (Math.abs(ms - start) > durationMs / 200)
                props.onRange({ startMs: Math.min(start, ms), endMs: Math.max(start, ms) });
            });
          }}
        >
          <div className="trimmed-out" style={{ left: 0, width: percent(trim.startMs) }} />
          <div className="trimmed-out" style={{ left: percent(trim.endMs), right: 0 }} />
          {cuts.map((cut) => (
            <div
              key={`${cut.startMs}-${cut.endMs}`}
              className="cut"
              title="Cut out"
              data-testid="cut"
              style={{ left: percent(cut.startMs), width: `calc(${percent(cut.endMs)} - ${percent(cut.startMs)})` }}
            />
          ))}
          {range && (
            <div
              className="range"
              data-testid="range"
              style={{
                left: percent(range.startMs),
                width: `calc(${percent(range.endMs)} - ${percent(range.startMs)})`,
              }}
            />
          )}
          <button
            type="button"
            className="trim-handle start"
            aria-label={`Trim start ${formatTime(trim.startMs)}`}
            style={{ left: percent(trim.startMs) }}
            onPointerDown={(e) =>
              drag(e, (ms, first) =>
                props.onChange(
                  { ...document, timeline: setTrim(document.timeline, durationMs, { startMs: ms, endMs: trim.endMs }) },
                  first ? 'push' : 'replace',
                ),
              )
            }
          />
          <button
            type="button"
            className="trim-handle end"
            aria-label={`Trim end ${formatTime(trim.endMs)}`}
            style={{ left: percent(trim.endMs) }}
            onPointerDown={(e) =>
              drag(e, (ms, first) =>
                props.onChange(
                  {
                    ...document,
                    timeline: setTrim(document.timeline, durationMs, { startMs: trim.startMs, endMs: ms }),
                  },
                  first ? 'push' : 'replace',
                ),
              )
            }
          />
        </div>

        <div className="lane zoom-lane" title="Zooms" onPointerDown={() => props.onSelectZoom(null)}>
          {document.zoomSegments.map((segment) => (
            <div
              key={segment.id}
              className={`zoom-segment${segment.id === selectedZoomId ? ' selected' : ''}${segment.origin === 'auto' ? ' auto' : ''}`}
              data-testid="zoom-segment"
              data-depth={segment.depth}
              style={{
                left: percent(segment.startMs),
                width: `calc(${percent(segment.endMs)} - ${percent(segment.startMs)})`,
              }}
              onPointerDown={(e) => {
                props.onSelectZoom(segment.id);
                const grab = timeAt(e.clientX) - segment.startMs;
                drag(e, (ms, first) =>
                  props.onChange(
                    {
                      ...document,
                      zoomSegments: moveZoomSegment(document.zoomSegments, segment.id, ms - grab, durationMs),
                    },
                    first ? 'push' : 'replace',
                  ),
                );
              }}
            >
              <span
                className="zoom-edge start"
                onPointerDown={(e) => {
                  props.onSelectZoom(segment.id);
                  drag(e, (ms, first) =>
                    props.onChange(
                      {
                        ...document,
                        zoomSegments: resizeZoomSegment(document.zoomSegments, segment.id, { startMs: ms }, durationMs),
                      },
                      first ? 'push' : 'replace',
                    ),
                  );
                }}
              />
              <span className="zoom-label">
                {segment.depth} {segment.focus.kind === 'cursor' ? '· cursor' : ''}
              </span>
              <span
                className="zoom-edge end"
                onPointerDown={(e) => {
                  props.onSelectZoom(segment.id);
                  drag(e, (ms, first) =>
                    props.onChange(
                      {
                        ...document,
                        zoomSegments: resizeZoomSegment(document.zoomSegments, segment.id, { endMs: ms }, durationMs),
                      },
                      first ? 'push' : 'replace',
                    ),
                  );
                }}
              />
            </div>
          ))}
        </div>
        <div className="playhead" style={{ left: percent(playheadMs) }} aria-hidden="true" />
      </div>
    </div>
  );
}

export { formatTime };
