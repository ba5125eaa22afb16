import { ALL_CORNER_STYLES, ALL_SIZES, ALL_WEBCAM_POSITIONS } from '../../../../shared/look/enumerations';
import { OptionGrid, Section, SegmentedControl, Toggle } from '../../../../shared/ui';
import { SIZE_NAMES, WEBCAM_POSITION_NAMES, WEBCAM_SHAPE_NAMES } from './option-names';
import type { PanelProps } from './panel-props';
import { WebcamPositionPicture, WebcamShapeIcon } from './pictures';

/** The webcam bubble: shown or not, its shape, corner and size. */
export function WebcamPanel({ settings, set, hasWebcam }: PanelProps) {
  const { webcam } = settings;
  const shown = hasWebcam && webcam.visible;
  return (
    <Section title="Webcam">
      <Toggle
        label="Show webcam"
        checked={shown}
        disabled={!hasWebcam}
        hint={hasWebcam ? undefined : 'No webcam in this recording.'}
        onChange={(visible) => set({ webcam: { ...webcam, visible } })}
      />
      <SegmentedControl
        label="Webcam shape"
        value={webcam.shape}
        disabled={!shown}
        onChange={(shape) => set({ webcam: { ...webcam, shape } })}
        options={ALL_CORNER_STYLES.map((shape) => ({
          value: shape,
          label: WEBCAM_SHAPE_NAMES[shape],
          icon: <WebcamShapeIcon shape={shape} />,
        }))}
      />
      <div className="cr-field" data-disabled={shown ? undefined : ''}>
        <span className="cr-field-label">Position</span>
        <OptionGrid
          label="Webcam position"
          value={webcam.position}
          columns={4}
          disabled={!shown}
          onChange={(position) => set({ webcam: { ...webcam, position } })}
          options={ALL_WEBCAM_POSITIONS.map((position) => ({
            value: position,
            label: WEBCAM_POSITION_NAMES[position],
            picture: <WebcamPositionPicture position={position} />,
          }))}
        />
      </div>
      <SegmentedControl
        label="Webcam size"
        value={webcam.size}
        disabled={!shown}
        onChange={(size) => set({ webcam: { ...webcam, size } })}
        options={ALL_SIZES.map((size) => ({
          value: size,
          label: SIZE_NAMES[size].short,
          name: SIZE_NAMES[size].full,
        }))}
      />
    </Section>
  );
}
