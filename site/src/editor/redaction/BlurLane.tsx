import { useStore } from '@nanostores/react';
import { redactionTrackNames } from '../../../../shared/redaction/redaction';
import { onScreenSpans } from '../../../../shared/render/redactions';
import { select } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { addBlurBoxAt, moveBlurBox, NEW_BLUR_AREA, resizeBlurBox } from '../state/redaction-actions';
import { isSelected, selectedId } from '../state/selection';
import { BlockLane } from '../timeline/BlockLane';
import { spanOf, useTimelineScale } from '../timeline/timeline-scale';

/**
 * The row of hidden areas: the blur boxes drawn by hand as blocks (drag to move, grips for their times; a drag along
 * the empty row adds one over the middle of the picture, to be drawn again on the preview), and behind them when each
 * field the extension hid is on screen (a click selects it: the inspector can show it again).
 */
export function BlurLane({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const scale = useTimelineScale();
  const { recording } = editor.context;
  const { boxes, off } = state.history.present.redaction;
  const tracks = recording.redactions ?? [];
  const names = redactionTrackNames(tracks);
  return (
    <BlockLane
      label="Blur"
      className="blur-lane"
      blockClass="blur-block"
      title="Hidden areas: drag a blur box to move it, its edges to change it; drag along the empty row to add one"
      empty={tracks.length > 0 ? '' : 'No hidden areas: drag along this row to add a blur box'}
      selectedId={selectedId(state.selection, 'blur-box')}
      onSelect={(id) => editor.run(select, id ? { kind: 'blur-box', id } : null)}
      onMove={(id, startMs, mode) => editor.run(moveBlurBox, id, startMs, mode)}
      onResize={(id, edges, mode) => editor.run(resizeBlurBox, id, edges, mode)}
      onCreate={(range) => editor.run(addBlurBoxAt, `blur-${crypto.randomUUID()}`, NEW_BLUR_AREA, range)}
      blocks={boxes.map((box, index) => ({
        id: box.id,
        startMs: box.startMs,
        endMs: box.endMs,
        label: `Blur box ${index + 1}`,
        name: `Blur box ${index + 1}`,
        edgeName: `Blur box ${index + 1}`,
      }))}
    >
      {tracks.flatMap((track, index) =>
        onScreenSpans(track, scale.durationMs).map((span) => (
          <button
            type="button"
            key={`${track.id}-${span.startMs}`}
            className={`hidden-field-span${isSelected(state.selection, 'hidden-field', track.id) ? ' selected' : ''}`}
            data-testid="hidden-field"
            data-off={off.includes(track.id) ? '' : undefined}
            style={spanOf(scale, span.startMs, span.endMs)}
            aria-label={`${names[index]}, hidden${off.includes(track.id) ? ': shown again' : ''}`}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => editor.run(select, { kind: 'hidden-field', id: track.id })}
          />
        )),
      )}
    </BlockLane>
  );
}
