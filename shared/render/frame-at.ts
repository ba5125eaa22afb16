import type { Callout } from '../callouts/callout';
import { type CameraPlan, type CameraTiming, cameraAt, planCamera } from '../camera/camera';
import { lastIndexAtOrBefore, type Rect } from '../geometry/geometry';
import type { ClickAnimation, FrameTheme, StrengthLevel } from '../look/enumerations';
import type { Background, RenderSettings } from '../look/render-settings';
import type { Recording, Shortcut } from '../recording/recording';
import { DEFAULT_REDACTION_EDITS, type RedactionEdits } from '../redaction/redaction';
import { outputDurationMs, outputTimeAt, sourceTimeAt, type TimelineEdits, untrimmedEdits } from '../timeline/timeline';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { burnedPointerRects } from './burned-pointer';
import { type CalloutFrame, calloutsAt } from './callouts';
import {
  CURSOR,
  type CursorPlan,
  type CursorState,
  clickEffectsAt,
  cursorAt,
  planCursor,
  pressureScaleAt,
  returnToStartAmount,
  towardStart,
} from './cursor-motion';
import { type CursorShape, cursorShapeFor } from './cursor-shapes';
import { shortcutAt, shortcutsOf } from './keystrokes';
import { type FrameLayout, layoutFrame } from './layout';
import { MOTION_BLUR, shutterSamples, shutterTimes, shutterViews } from './motion-blur';
import type { OutputSize } from './output-size';
import { type FrameRedaction, redactionAt } from './redactions';

/**
 * Everything the painter needs to draw one frame, in canvas pixels (camera rectangles normalized to the video).
 * Plain data: it can be posted to a worker, compared in tests and cached.
 */
export interface FrameDescription {
  /** Source video time of this frame. */
  readonly timeMs: number;
  /** Where the window, video, chrome and webcam go on the canvas. */
  readonly layout: FrameLayout;
  readonly background: Background;
  readonly frameTheme: FrameTheme;
  /** The page shown in the browser chrome at this time. */
  readonly page: { readonly url: string; readonly title: string };
  /**
   * Where the system pointer the capture burned into the video can be (normalized video rectangles): painters fill
   * them from their surroundings before anything is drawn over the video. Empty for videos without one.
   */
  readonly burnedPointer: readonly Rect[];
  /**
   * What must not be seen (normalized video rectangles): painters blur or pixelate them in the decoded frame, so they
   * follow the camera. Empty when nothing is hidden.
   */
  readonly redaction: FrameRedaction;
  /** The part of the video shown, normalized (0..1), and the camera zoom. */
  readonly camera: { readonly rect: Rect; readonly scale: number };
  /**
   * Motion blur: the camera's sub-frame views over the shutter (normalized, see motion-blur.ts), drawn with equal
   * weights in place of `camera.rect`; empty when the camera (nearly) stands still or motion blur is off.
   */
  readonly motionBlur: readonly Rect[];
  /** The cursor drawn from the track (its hotspot at x, y), or null when hidden, idle or absent. */
  readonly cursor: {
    readonly x: number;
    readonly y: number;
    /** Height of the drawn shape in canvas pixels. */
    readonly height: number;
    readonly opacity: number;
    readonly shape: CursorShape;
    /**
     * Motion blur: where the hotspot is over the shutter, the cursor drawn at each with equal weights in place of the
     * one at (x, y); empty when it (nearly) stands still on the canvas or motion blur is off.
     */
    readonly path: readonly { readonly x: number; readonly y: number }[];
  } | null;
  /** Click animations in flight, oldest first. */
  readonly clickEffects: readonly {
    readonly animation: ClickAnimation;
    readonly x: number;
    readonly y: number;
    readonly progress: number;
    /** Full radius of the effect in canvas pixels. */
    readonly radius: number;
  }[];
  /** Text callouts on the video at this time, in their order (labels point through the camera). */
  readonly callouts: readonly CalloutFrame[];
  /** The shortcut overlay (modifiers + key), when keystrokes are shown and one was just pressed. */
  readonly shortcut: { readonly label: string; readonly opacity: number } | null;
  /** Time in the webcam file to show with this frame, or null when no webcam is shown (none, hidden, not started). */
  readonly webcamTimeMs: number | null;
  /** Draw the "Made with Clickreel" watermark. */
  readonly watermark: boolean;
}

/** Work that depends only on the recording and one setting, kept per recording so frames stay cheap. */
interface Prepared {
  /** Per zoom list, the plans by camera timing ('speed/lead-in'). */
  readonly cameras: WeakMap<readonly ZoomSegment[], Map<string, CameraPlan>>;
  readonly cursors: Map<StrengthLevel, CursorPlan>;
  readonly shortcuts: readonly Shortcut[];
}

const prepared = new WeakMap<Recording, Prepared>();

function preparedFor(recording: Recording): Prepared {
  let entry = prepared.get(recording);
  if (!entry) {
    entry = { cameras: new WeakMap(), cursors: new Map(), shortcuts: shortcutsOf(recording) };
    prepared.set(recording, entry);
  }
  return entry;
}

/** The camera plan for these zooms and timing (computed once per zoom list and timing; results never depend on the cache). */
export function cameraPlanFor(
  recording: Recording,
  segments: readonly ZoomSegment[],
  timing: CameraTiming,
): CameraPlan {
  const entry = preparedFor(recording);
  let plans = entry.cameras.get(segments);
  if (!plans) {
    plans = new Map();
    entry.cameras.set(segments, plans);
  }
  const key = `${timing.speed}/${timing.leadInMs}`;
  let plan = plans.get(key);
  if (!plan) {
    plan = planCamera(recording, segments, timing);
    plans.set(key, plan);
  }
  return plan;
}

function cursorPlanFor(recording: Recording, smoothing: StrengthLevel): CursorPlan {
  const entry = preparedFor(recording);
  let plan = entry.cursors.get(smoothing);
  if (!plan) {
    plan = planCursor(recording, smoothing);
    entry.cursors.set(smoothing, plan);
  }
  return plan;
}

/** The page shown at time t: the last navigation before t, or the page recording started on. */
function pageAt(recording: Recording, t: number): { url: string; title: string } {
  const change = recording.pages[lastIndexAtOrBefore(recording.pages, t, (p) => p.t)];
  return change ? { url: change.url, title: change.title } : recording.page;
}

/** What a frame is computed from. */
export interface FrameInput {
  /** Metadata and track; a video-only source has empty tracks (then no cursor and no automatic zooms). */
  readonly recording: Recording;
  readonly settings: RenderSettings;
  /** Zooms, sorted or not; keep the same array between calls so the camera is planned once. */
  readonly zoomSegments: readonly ZoomSegment[];
  /** Canvas size (see outputSize). */
  readonly output: OutputSize;
  /** Text callouts (none when absent). */
  readonly callouts?: readonly Callout[];
  /** What of the recording plays (absent: all of it); where the video ends, for the cursor's return to its start. */
  readonly timeline?: TimelineEdits;
  /** What is hidden and how (absent: every recorded element, blurred). */
  readonly redaction?: RedactionEdits;
}

/**
 * The frame at time t (ms): a pure function of the recording, the settings and the time, so preview and export
 * can ask for any frame in any order and get the same answer. `pictureMs` is the time of the source frame that shows
 * at t (its timestamp in the video): a tab capture sends no frame while the page is still, and drops frames on a
 * loaded machine, so a frame can show for a second or more after its time, with the pointer and the page as they
 * were then. What is erased and hidden in it follows that picture's time as well as t.
 */
export function frameAt(input: FrameInput, t: number, pictureMs: number = t): FrameDescription {
  const { recording, settings, zoomSegments, output } = input;
  const layout = layoutFrame(settings, recording.video, output, recording.webcam !== null);
  const plan = cameraPlanFor(recording, zoomSegments, settings.zoomTiming);
  const view = cameraAt(plan, t, layout.video);
  const toCanvas = (x: number, y: number) => ({
    x: layout.video.x + ((x - view.rect.x) / view.rect.width) * layout.video.width,
    y: layout.video.y + ((y - view.rect.y) / view.rect.height) * layout.video.height,
  });
  // The arrow's height on the page, in canvas pixels, magnified with the camera unless its size is kept on screen.
  // A pointer the capture burned in is erased (burnedPointer), so ours is drawn as chosen: at the track's position,
  // smoothed, at any size.
  const pageHeight = (CURSOR.baseHeightCss / recording.viewport.height) * layout.video.height;
  const cursorHeight =
    pageHeight * CURSOR.sizeFactor[settings.cursor.size] * (settings.cursor.constantSize ? 1 : view.scale);

  let cursor: FrameDescription['cursor'] = null;
  const cursorPlan = cursorPlanFor(recording, settings.cursor.smoothing);
  const timeline = input.timeline ?? untrimmedEdits(recording.video.durationMs);
  /** The cursor drawn at time `at` (on the page), or null when hidden, idle or absent. */
  const cursorStateAt = (at: number): CursorState | null => {
    const state = cursorAt(cursorPlan, at, settings.cursor.hideWhenIdle);
    if (!state || !settings.cursor.returnToStart) return state;
    // Over the last second the cursor glides back to where the video's first frame shows it: a GIF loops seamlessly.
    const amount = returnToStartAmount(outputTimeAt(timeline, at), outputDurationMs(timeline));
    const start = amount > 0 ? cursorAt(cursorPlan, sourceTimeAt(timeline, 0), settings.cursor.hideWhenIdle) : null;
    return start ? towardStart(state, start, amount) : state;
  };
  const state = !settings.cursor.hidden ? cursorStateAt(t) : null;
  // Click animations run on the edited clock where ranges are sped up (see EditedClock).
  const edited = input.timeline;
  const clock = edited?.speeds?.length ? (ms: number) => outputTimeAt(edited, ms) : undefined;
  const shape = state ? cursorShapeFor(state.type) : null;
  const shutterMs = MOTION_BLUR.shutterMs[settings.motionBlur];
  if (state && shape && state.opacity > 0) {
    const pressure = settings.cursor.clickAnimation === 'pressure' ? pressureScaleAt(recording, t, clock) : 1;
    const path =
      shutterMs > 0
        ? cursorPath(cursorStateAt, (at) => cameraAt(plan, at, layout.video).rect, t, shutterMs, layout.video)
        : [];
    cursor = {
      ...toCanvas(state.x, state.y),
      height: cursorHeight * pressure,
      opacity: state.opacity,
      shape,
      path,
    };
  }
  const animation = settings.cursor.clickAnimation;
  const clickEffects = !settings.cursor.hidden
    ? clickEffectsAt(recording, animation, t, clock).map((effect) => ({
        animation: effect.animation,
        ...toCanvas(effect.x, effect.y),
        progress: effect.progress,
        radius: cursorHeight * 2,
      }))
    : [];

  return {
    timeMs: t,
    layout,
    background: settings.background,
    frameTheme: settings.frame,
    page: pageAt(recording, t),
    burnedPointer: burnedPointerRects(recording, pictureMs),
    redaction: redactionAt(recording, input.redaction ?? DEFAULT_REDACTION_EDITS, t, pictureMs),
    camera: { rect: view.rect, scale: view.scale },
    motionBlur: shutterViews(plan, t, view.rect, layout.video, shutterMs),
    cursor,
    clickEffects,
    callouts: calloutsAt(input.callouts ?? [], t, settings, layout.video, toCanvas, clock),
    shortcut: settings.keystrokes ? shortcutAt(preparedFor(recording).shortcuts, t) : null,
    webcamTimeMs: webcamTimeAt(recording, settings, t),
    watermark: settings.watermark,
  };
}

/**
 * Where the cursor's hotspot is on the canvas (the video shown in `shown` through the camera's view at each time)
 * over the shutter of `shutterMs` around t, as many points as its move needs; empty when it (nearly) stands still
 * there, or is not drawn at some point of it.
 */
function cursorPath(
  stateAt: (t: number) => CursorState | null,
  viewAt: (t: number) => Rect,
  t: number,
  shutterMs: number,
  shown: Rect,
): { x: number; y: number }[] {
  const pointAt = (at: number) => {
    const state = stateAt(at);
    if (!state) return null;
    const view = viewAt(at);
    return {
      x: shown.x + ((state.x - view.x) / view.width) * shown.width,
      y: shown.y + ((state.y - view.y) / view.height) * shown.height,
    };
  };
  const opening = pointAt(t - shutterMs / 2);
  const closing = pointAt(t + shutterMs / 2);
  if (!opening || !closing) return [];
  const samples = shutterSamples(Math.hypot(closing.x - opening.x, closing.y - opening.y));
  const points = shutterTimes(t, shutterMs, samples).map(pointAt);
  return points.every((p) => p !== null) ? (points as { x: number; y: number }[]) : [];
}

/**
 * Where the webcam file is (ms from its start) in the frame at recording time `sourceTimeMs`, or null when no webcam
 * is shown then (none, hidden, or not started yet: it may have started after the screen). The one timing of the
 * webcam layer: frameAt puts it in the description, and the preview and the export decode the webcam frame there.
 */
export function webcamTimeAt(
  recording: Pick<Recording, 'webcam'>,
  settings: { readonly webcam: Pick<RenderSettings['webcam'], 'visible'> },
  sourceTimeMs: number,
): number | null {
  if (!recording.webcam || !settings.webcam.visible) return null;
  const time = sourceTimeMs - recording.webcam.offsetMs;
  return time >= 0 ? time : null;
}
