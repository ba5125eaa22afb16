import type { ScreenTracking } from '../../shared/messages/extension-messages';
import type { CursorType } from '../../shared/recording/cursor-types';
import type { TrackEvent } from '../../shared/recording/event-kinds';
import { captureKey, isSecretField } from '../../shared/recording/key-capture';
import { asElement, controlOf, cursorOf, isTextField, mouseButtonOf } from './page-elements';
import { normalizePoint, normalizeRect, type ViewportFrame, viewportFrameOf } from './viewport-frame';

/** Most moves that wait for a cursor read (a frame at 1000 Hz is 16; a stalled frame must not hold more). */
const MAX_WAITING_MOVES = 64;

/** A pointer move as sent. */
type MoveEvent = Extract<TrackEvent, { k: 'move' }>;

/** Receives raw events, in order. */
export type TrackSink = (event: TrackEvent) => void;

/**
 * Listens to one document's pointer, wheel, scroll, key and visibility events and turns them into raw
 * track events. Listeners are passive and only attached while tracking, so an idle or untracked page
 * pays nothing; the per-event work is a subtraction and a division.
 *
 * The cursor style is the one costly read (getComputedStyle forces a style recalc while hover changes
 * are pending). It is read once per animation frame, when the browser recalculates style anyway, and
 * only after the element under the pointer changed; moves since that change wait for it, at most one
 * frame (or MAX_WAITING_MOVES), then go out in order. Any other event releases them first.
 */
export class CursorTracker {
  private frame: ViewportFrame | null = null;
  private lastTarget: EventTarget | null = null;
  private lastCursor: CursorType = 'default';
  /** The element under the pointer changed and its cursor is not read yet. */
  private cursorStale = false;
  /** Moves waiting for the cursor read, without their cursor. */
  private waitingMoves: Omit<MoveEvent, 'c'>[] = [];
  private cursorFrame: number | null = null;
  /** The focused text field, whose box is kept up to date while it has the focus. */
  private field: HTMLElement | null = null;
  private fieldKey = '';
  private fieldFrame: number | null = null;
  private layoutObserver: ResizeObserver | null = null;
  private readonly controller = new AbortController();
  private readonly timeOrigin: number;

  constructor(
    private readonly win: Window,
    private readonly sink: TrackSink,
    /** Set while the screen is recorded: positions are placed on the screen. */
    private readonly onScreen: ScreenTracking | null = null,
  ) {
    this.timeOrigin = win.performance.timeOrigin;
  }

  /** Starts listening. */
  attach(): void {
    const { win } = this;
    const options = { capture: true, passive: true, signal: this.controller.signal } as const;
    this.refreshFrame();
    win.addEventListener('pointermove', (event) => this.onMove(event), options);
    win.addEventListener('pointerdown', (event) => this.onDown(event), options);
    win.addEventListener('pointerup', (event) => this.onUp(event), options);
    win.addEventListener('wheel', (event) => this.onWheel(event), options);
    win.addEventListener('scroll', (event) => this.onScroll(event), options);
    win.addEventListener('keydown', (event) => this.onKey(event), options);
    win.addEventListener(
      'resize',
      () => {
        this.refreshFrame();
        this.measureFieldSoon();
      },
      options,
    );
    win.addEventListener('focusin', (event) => this.onFocus(event), options);
    win.addEventListener('focusout', () => this.onFocus(null), options);
    win.document.addEventListener('visibilitychange', () => this.onVisibility(), options);
    win.addEventListener('pagehide', () => this.releaseMoves(), options);
    // Iframes move when the parent scrolls or lays out again.
    if (win !== win.top) win.parent.addEventListener('scroll', () => this.refreshFrame(), options);
  }

  /** Stops listening. */
  detach(): void {
    this.controller.abort();
    this.layoutObserver?.disconnect();
    if (this.fieldFrame !== null) this.win.cancelAnimationFrame(this.fieldFrame);
    this.releaseMoves();
  }

  /** The focus moved into a field (sent with its box) or out of one (sent as null). */
  private onFocus(event: FocusEvent | null): void {
    const target = event ? asElement(event.composedPath()[0] ?? event.target) : null;
    const field = isTextField(target) ? target : null;
    if (field === this.field) return;
    this.field = field;
    if (field) {
      // The field moves when anything above it grows or shrinks: watch the page's size and the field's.
      this.layoutObserver ??= new ResizeObserver(() => this.measureFieldSoon());
      this.layoutObserver.disconnect();
      this.layoutObserver.observe(field);
      if (this.win.document.body) this.layoutObserver.observe(this.win.document.body);
    } else {
      this.layoutObserver?.disconnect();
    }
    this.measureField(event ? this.wall(event.timeStamp) : this.wall(this.win.performance.now()));
  }

  /** Measures the focused field once the browser lays out next (scrolls, typing and resizes move it). */
  private measureFieldSoon(): void {
    if (!this.field && !this.fieldKey) return;
    this.fieldFrame ??= this.win.requestAnimationFrame(() => {
      this.fieldFrame = null;
      this.measureField(this.wall(this.win.performance.now()));
    });
  }

  /** Sends the focused field's box when it changed. */
  private measureField(w: number): void {
    const frame = this.frame;
    const field = this.field?.isConnected ? this.field : null;
    const box = field && frame ? normalizeRect(frame, field.getBoundingClientRect()) : null;
    const key = box ? `${box.x.toFixed(4)},${box.y.toFixed(4)},${box.width.toFixed(4)},${box.height.toFixed(4)}` : '';
    if (key === this.fieldKey) return;
    this.fieldKey = key;
    this.releaseMoves();
    this.sink({ k: 'field', w, box });
  }

  private wall(timeStamp: number): number {
    return this.timeOrigin + timeStamp;
  }

  private refreshFrame(): void {
    this.frame = viewportFrameOf(this.win, this.onScreen);
  }

  /** The frame for a pointer event: on the screen, the event places the page exactly (the window may have moved). */
  private frameAt(event: PointerEvent | WheelEvent): ViewportFrame | null {
    if (this.onScreen) this.frame = viewportFrameOf(this.win, this.onScreen, event) ?? this.frame;
    return this.frame;
  }

  private noteTarget(target: EventTarget | null): void {
    if (target === this.lastTarget) return;
    this.lastTarget = target;
    this.cursorStale = true;
  }

  /** Reads the cursor if the element under the pointer changed, and sends the moves that waited for it. */
  private releaseMoves(): void {
    if (this.cursorFrame !== null) this.win.cancelAnimationFrame(this.cursorFrame);
    this.cursorFrame = null;
    if (this.cursorStale) {
      this.cursorStale = false;
      this.lastCursor = cursorOf(asElement(this.lastTarget), this.win);
    }
    const moves = this.waitingMoves;
    if (moves.length === 0) return;
    this.waitingMoves = [];
    for (const move of moves) this.sink({ ...move, c: this.lastCursor });
  }

  private onMove(event: PointerEvent): void {
    const frame = this.frameAt(event);
    if (!frame) return;
    this.noteTarget(event.target);
    // Coalesced events carry the positions the browser merged into this one (up to the device's rate).
    const events = event.getCoalescedEvents?.() ?? [];
    const list = events.length > 0 ? events : [event];
    for (const sample of list) {
      const w = this.wall(sample.timeStamp);
      const x = (frame.offsetX + sample.clientX) / frame.width;
      const y = (frame.offsetY + sample.clientY) / frame.height;
      if (this.cursorStale) this.waitingMoves.push({ k: 'move', w, x, y, b: sample.buttons });
      else this.sink({ k: 'move', w, x, y, c: this.lastCursor, b: sample.buttons });
    }
    if (!this.cursorStale) return;
    if (this.waitingMoves.length >= MAX_WAITING_MOVES) this.releaseMoves();
    else this.cursorFrame ??= this.win.requestAnimationFrame(() => this.releaseMoves());
  }

  private onDown(event: PointerEvent): void {
    const frame = this.frameAt(event);
    if (!frame) return;
    const { x, y } = normalizePoint(frame, event.clientX, event.clientY);
    const w = this.wall(event.timeStamp);
    this.noteTarget(event.target);
    this.releaseMoves();
    // The press moves the pointer there too, so the track has the click position as a sample.
    this.sink({ k: 'move', w, x, y, c: this.lastCursor, b: event.buttons });
    // Where the clicked control is, for the camera to frame it (one layout read per click).
    const target = asElement(event.composedPath()[0] ?? event.target);
    const box = target ? normalizeRect(frame, controlOf(target).getBoundingClientRect()) : undefined;
    this.sink({ k: 'down', w, x, y, button: mouseButtonOf(event.button), ...(box ? { box } : {}) });
  }

  private onUp(event: PointerEvent): void {
    this.releaseMoves();
    this.sink({ k: 'up', w: this.wall(event.timeStamp), button: mouseButtonOf(event.button) });
  }

  private onWheel(event: WheelEvent): void {
    const frame = this.frameAt(event);
    if (!frame) return;
    this.releaseMoves();
    const { x, y } = normalizePoint(frame, event.clientX, event.clientY);
    // Wheel deltas in lines or pages are converted to CSS px the way browsers scroll them.
    const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? this.win.innerHeight : 1;
    this.sink({
      k: 'wheel',
      w: this.wall(event.timeStamp),
      x,
      y,
      dx: event.deltaX * unit,
      dy: event.deltaY * unit,
      sx: this.win.scrollX,
      sy: this.win.scrollY,
    });
  }

  private onScroll(event: Event): void {
    this.releaseMoves();
    // Element scrolls also bubble here in capture phase; the page's own offsets are what the frame shows.
    const element = asElement(event.target);
    this.sink({
      k: 'scroll',
      w: this.wall(event.timeStamp),
      sx: element ? element.scrollLeft : this.win.scrollX,
      sy: element ? element.scrollTop : this.win.scrollY,
    });
    if (!element) this.refreshFrame();
    this.measureFieldSoon();
  }

  private onKey(event: KeyboardEvent): void {
    if (event.repeat) return;
    // The real target, inside open shadow roots too (event.target is then the host). Closed roots show
    // only their host: nothing typed is kept anyway, this only keeps shortcuts out of secret fields.
    const target = asElement(event.composedPath()[0] ?? event.target);
    const down = {
      key: event.key,
      code: event.code,
      ctrl: event.ctrlKey,
      alt: event.altKey,
      shift: event.shiftKey,
      meta: event.metaKey,
      altGraph: event.getModifierState('AltGraph'),
    };
    const kind = captureKey(down, isSecretField(target));
    if (kind === 'ignore') return;
    this.releaseMoves();
    const w = this.wall(event.timeStamp);
    if (kind === 'typing') {
      this.sink({ k: 'typing', w });
      // A field may grow (or the page move) as text goes in.
      this.measureFieldSoon();
      return;
    }
    const { key, code, ctrl, alt, shift, meta } = down;
    this.sink({ k: 'shortcut', w, key, code, ctrl, alt, shift, meta });
  }

  private onVisibility(): void {
    this.releaseMoves();
    this.sink({
      k: 'visibility',
      w: this.wall(this.win.performance.now()),
      visible: this.win.document.visibilityState === 'visible',
    });
  }
}
