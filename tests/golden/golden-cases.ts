import type { Callout } from '../../shared/callouts/callout';
import type { AspectRatio } from '../../shared/look/enumerations';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { CursorType } from '../../shared/recording/cursor-types';
import type { Box, Recording, RedactionTrack } from '../../shared/recording/recording';
import type { RedactionEdits } from '../../shared/redaction/redaction';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { click, cursorPath, recordingFixture, shortcut } from '../fixtures/builders/recording-fixture';

/** One golden image: a setting shown on the synthetic page at one time. */
export interface GoldenCase {
  readonly name: string;
  readonly settings: RenderSettings;
  readonly timeMs: number;
  /** Whether the recording has a webcam file. */
  readonly webcam: boolean;
  readonly cursorType: CursorType;
  /** Automatic zooms on (the click at 4 s), or no zoom at all. */
  readonly zooms: boolean;
  /**
   * The reference image it must match (`<reference>.png`): its own name, or another case's when a different
   * setting must draw the same picture (16:9 on a 16:9 source is what "auto" draws).
   */
  readonly reference: string;
  /** Text callouts on the video. */
  readonly callouts?: readonly Callout[];
  /** The box of the element clicked at 4 s, as the extension records it (absent: an older recording). */
  readonly clickBox?: Box;
  /** Elements the extension recorded as not to be seen, and what the user chose to hide and how. */
  readonly redactions?: readonly RedactionTrack[];
  readonly redaction?: RedactionEdits;
}

/** Source video size of the synthetic page (small, so goldens render fast and stay small). */
export const SOURCE = { width: 960, height: 540 } as const;
/** The shorter side of golden images. */
export const GOLDEN_SHORT_SIDE = 270;

/** The user moves to the blue button, clicks it at 4 s, types a shortcut at 6.5 s. */
export function goldenRecording(golden: GoldenCase): Recording {
  const base = recordingFixture();
  const cursor = cursorPath([
    { t: 0, x: 0.3, y: 0.3 },
    { t: 3000, x: 0.74, y: 0.68 },
    { t: 10_000, x: 0.74, y: 0.68 },
  ]).map((sample) => ({ ...sample, cursor: golden.cursorType }));
  return recordingFixture({
    viewport: { width: SOURCE.width, height: SOURCE.height, devicePixelRatio: 1 },
    video: { ...base.video, width: SOURCE.width, height: SOURCE.height, durationMs: 10_000 },
    webcam: golden.webcam ? { mimeType: 'video/webm', width: 320, height: 240, size: 1, offsetMs: 0 } : null,
    cursor,
    clicks: [{ ...click(4000, 0.74, 0.68), ...(golden.clickBox ? { box: golden.clickBox } : {}) }],
    shortcuts: [shortcut(6500, 'k', { ctrl: true, shift: true })],
    ...(golden.redactions ? { redactions: [...golden.redactions] } : {}),
  });
}

/** Zoom segments of a golden case. */
export function goldenZooms(golden: GoldenCase, recording: Recording): ZoomSegment[] {
  const { zoomDepth: depth, zoomTiming: timing } = golden.settings;
  return golden.zooms ? autoZoomSegments(recording, { depth, timing }) : [];
}

/** The plain look every case starts from: no webcam, no watermark, cursor always shown. */
const BASE: RenderSettings = {
  ...DEFAULT_RENDER_SETTINGS,
  motionBlur: 'Off',
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hideWhenIdle: false },
};

function golden(
  name: string,
  change: Partial<RenderSettings>,
  extra: Partial<Omit<GoldenCase, 'name'>> = {},
): GoldenCase {
  return {
    name,
    settings: { ...BASE, ...change },
    timeMs: 2000,
    webcam: false,
    cursorType: 'default',
    zooms: false,
    reference: name,
    ...extra,
  };
}

const background = BASE.background;

/** A callout of `kind` over the whole recording, or from `startMs` (to catch it coming in). */
function callout(kind: Callout['kind'], text: string, target: Callout['target'] = null, startMs = 0): Callout {
  return { id: `callout-${kind}`, kind, text, startMs, endMs: 10_000, target };
}
/** Boxes on the synthetic page (tests/fixtures/media/synthetic-media.ts), normalized: the blue button, and the form of
 * the text field and the button. */
const BLUE_BUTTON: Box = { x: 640 / 960, y: 345 / 540, width: 150 / 960, height: 40 / 540 };
const FORM: Box = { x: 640 / 960, y: 290 / 540, width: 280 / 960, height: 95 / 540 };
const webcamOn = { ...BASE.webcam, visible: true };
/** The page's lines of text, recorded as an element marked `data-clickreel-redact`, and a box drawn over the field. */
const TEXT_LINES: RedactionTrack = {
  id: 'text-lines',
  kind: 'marked',
  boxes: [{ t: 0, box: { x: 205 / 960, y: 280 / 540, width: 430 / 960, height: 125 / 540 } }],
};
function redacted(style: RedactionEdits['style']): RedactionEdits {
  return { style, off: [], boxes: [{ id: 'field', startMs: 0, endMs: 10_000, box: FORM_FIELD }] };
}
const FORM_FIELD: Box = { x: 640 / 960, y: 290 / 540, width: 280 / 960, height: 36 / 540 };

/**
 * Every golden image, one per visual setting. The default look (aurora wallpaper, rounded corners, default frame,
 * auto aspect ratio; with the webcam: a medium circle at the bottom right) is drawn once without and once with the
 * webcam; a case that only restates a default would draw the same picture and prove nothing new.
 */
export const GOLDEN_CASES: readonly GoldenCase[] = [
  golden('default', {}),
  golden('default-webcam', {}, { webcam: true }),
  golden('background-image-dusk', { background: { ...background, image: { kind: 'preset', wallpaper: 'dusk' } } }),
  golden('background-image-ocean', { background: { ...background, image: { kind: 'preset', wallpaper: 'ocean' } } }),
  golden('background-image-meadow', { background: { ...background, image: { kind: 'preset', wallpaper: 'meadow' } } }),
  golden('background-image-graphite', {
    background: { ...background, image: { kind: 'preset', wallpaper: 'graphite' } },
  }),
  golden('background-image-user', { background: { ...background, image: { kind: 'user', id: 'photo' } } }),
  golden('background-gradient-preset', { background: { ...background, type: 'Gradient' } }),
  golden('background-gradient-custom', {
    background: {
      ...background,
      type: 'Gradient',
      gradient: {
        kind: 'custom',
        custom: {
          angle: 45,
          stops: [
            { offset: 0, color: '#22d3ee' },
            { offset: 0.5, color: '#a78bfa' },
            { offset: 1, color: '#f472b6' },
          ],
        },
      },
    },
  }),
  golden('background-color', { background: { ...background, type: 'Color', color: '#fde68a' } }),
  golden('background-hidden', { background: { ...background, type: 'Hidden' } }),
  golden('corners-sharp', { corners: 'Sharp' }),
  golden('corners-circular', { corners: 'Circular' }),
  golden('shadow-none', { shadow: 'None' }),
  golden('shadow-weak', { shadow: 'Weak' }),
  golden('shadow-strong', { shadow: 'Strong' }),
  golden('border', { border: { width: 8, color: '#ffffff' } }),
  golden('padding-large', { padding: 0.2 }),
  golden('frame-minimal', { frame: 'Minimal' }),
  golden('frame-hidden', { frame: 'Hidden' }),
  ...(['BottomLeft', 'TopLeft', 'TopRight'] as const).map((position) =>
    golden(`webcam-${position}`, { webcam: { ...webcamOn, position } }, { webcam: true }),
  ),
  ...(['small', 'large', 'maximum'] as const).map((size) =>
    golden(`webcam-size-${size}`, { webcam: { ...webcamOn, size } }, { webcam: true }),
  ),
  ...(['Sharp', 'Rounded'] as const).map((shape) =>
    golden(`webcam-shape-${shape}`, { webcam: { ...webcamOn, shape } }, { webcam: true }),
  ),
  golden('aspect-16x9', { aspectRatio: '16:9' }, { webcam: true, reference: 'default-webcam' }),
  ...(['9:16', '1:1', '4:3', '4:5'] as const satisfies readonly AspectRatio[]).map((aspectRatio) =>
    golden(`aspect-${aspectRatio.replace(':', 'x')}`, { aspectRatio }, { webcam: true }),
  ),
  // Mid-flight: halfway through each click animation (pressure 350 ms, ripple 600 ms, orb 500 ms).
  golden('click-pressure', { cursor: { ...BASE.cursor, clickAnimation: 'pressure' } }, { timeMs: 4175 }),
  golden('click-ripple', { cursor: { ...BASE.cursor, clickAnimation: 'ripple' } }, { timeMs: 4300 }),
  golden('click-orb', { cursor: { ...BASE.cursor, clickAnimation: 'orb' } }, { timeMs: 4250 }),
  golden('cursor-pointer', {}, { cursorType: 'pointer', timeMs: 3500 }),
  golden('cursor-text', {}, { cursorType: 'text', timeMs: 3500 }),
  ...(['crosshair', 'move', 'not-allowed', 'ew-resize', 'nwse-resize'] as const).map((cursorType) =>
    golden(`cursor-${cursorType}`, {}, { cursorType, timeMs: 3500 }),
  ),
  golden('cursor-size-maximum', { cursor: { ...BASE.cursor, size: 'maximum' } }, { timeMs: 3500 }),
  golden('cursor-hidden', { cursor: { ...BASE.cursor, hidden: true } }, { timeMs: 3500 }),
  golden('zoom-settled', { zoomDepth: 'Strong' }, { zooms: true, timeMs: 5500 }),
  // Framed on the clicked element: a small button zooms as deep as the depth allows (the picture a click point
  // gives); a larger element sets the depth from its size, with a margin, and the camera shifts to show it whole.
  golden(
    'zoom-element-small',
    { zoomDepth: 'Strong' },
    { zooms: true, timeMs: 5500, clickBox: BLUE_BUTTON, reference: 'zoom-settled' },
  ),
  golden('zoom-element-large', { zoomDepth: 'Strong' }, { zooms: true, timeMs: 5500, clickBox: FORM }),
  // The cursor keeps its on-screen size inside the Strong zoom (the same frame as zoom-settled, a smaller arrow).
  golden(
    'cursor-constant-size',
    { zoomDepth: 'Strong', cursor: { ...BASE.cursor, constantSize: true } },
    { zooms: true, timeMs: 5500 },
  ),
  // Halfway through the last second, the cursor is halfway back to where it started (the top left).
  golden('cursor-return-to-start', { cursor: { ...BASE.cursor, returnToStart: true } }, { timeMs: 9500 }),
  golden('zoom-motion-blur', { zoomDepth: 'Strong', motionBlur: 'Strong' }, { zooms: true, timeMs: 3600 }),
  golden('keystrokes', { keystrokes: true }, { timeMs: 6800 }),
  golden('watermark', { watermark: true }, { webcam: true }),
  // Callouts: a title card (in the look's gradient colour), a caption of two lines, a label whose arrow points at
  // the blue button through a settled zoom, and a caption halfway in (faded, risen).
  golden(
    'callout-title',
    { background: { ...background, type: 'Gradient' } },
    { callouts: [callout('title', 'Set up your workspace')] },
  ),
  golden(
    'callout-caption',
    { corners: 'Circular' },
    {
      callouts: [callout('caption', 'Press the blue button to save your changes, then share the link with your team')],
    },
  ),
  golden(
    'callout-label',
    { zoomDepth: 'Strong' },
    { zooms: true, timeMs: 5500, callouts: [callout('label', 'Click Save', { x: 0.7, y: 0.66 })] },
  ),
  // Redaction: the recorded text block and a hand-drawn box over the field, blurred through a zoom (the boxes follow
  // the camera) and pixelated without one.
  golden(
    'redaction-blur',
    { zoomDepth: 'Moderate' },
    { zooms: true, timeMs: 5500, redactions: [TEXT_LINES], redaction: redacted('blur') },
  ),
  golden('redaction-pixelate', {}, { redactions: [TEXT_LINES], redaction: redacted('pixelate') }),
  golden('callout-caption-in', {}, { timeMs: 2150, callouts: [callout('caption', 'Coming in', null, 2000)] }),
];
