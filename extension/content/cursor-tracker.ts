import { type CursorType, toCursorType } from '../../shared/recording/cursor-types';
import { captureKey, isSecretField } from '../../shared/recording/key-capture';
import { ALL_MOUSE_BUTTONS, type MouseButton } from '../../shared/recording/recording';
import type { TrackEvent } from '../../shared/recording/track-events';

/** Where this document's viewport sits inside the top-level (captured) viewport, in CSS px of the top page. */
export interface ViewportFrame {
  readonly offsetX: number;
  readonly offsetY: number;
  /** Size of the top-level viewport (what the capture shows), CSS px. */
  readonly width: number;
  readonly height: number;
}

/**
 * The frame of `win` inside the top window: the sum of same-origin iframe offsets. Null when an
 * ancestor is cross-origin (its position is unknown, so the frame cannot be tracked).
 */
export function viewportFrameOf(win: Window): ViewportFrame | null {
  let offsetX = 0;
  let offsetY = 0;
  let current: Window = win;
  try {
    while (current !== current.parent) {
      const element = current.frameElement as HTMLElement | null;
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      const style = current.parent.getComputedStyle(element);
      // The iframe's content starts inside its border and padding.
      offsetX += rect.left + element.clientLeft + Number.parseFloat(style.paddingLeft || '0');
      offsetY += rect.top + element.clientTop + Number.parseFloat(style.paddingTop || '0');
      current = current.parent;
    }
    return { offsetX, offsetY, width: current.innerWidth, height: current.innerHeight };
  } catch {
    return null;
  }
}

/** Normalizes a point in this document's viewport to the captured viewport (0..1). */
export function normalizePoint(frame: ViewportFrame, clientX: number, clientY: number): { x: number; y: number } {
  return { x: (frame.offsetX + clientX) / frame.width, y: (frame.offsetY + clientY) / frame.height };
}

/** A rectangle in this document's viewport (getBoundingClientRect) normalized to the captured viewport. */
export function normalizeRect(
  frame: ViewportFrame,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  return {
    x: (frame.offsetX + rect.left) / frame.width,
    y: (frame.offsetY + rect.top) / frame.height,
    width: rect.width / frame.width,
    height: rect.height / frame.height,
  };
}

/** What a click on an element is a click on: the control it belongs to (a span inside a button is the button). */
const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  ...['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'option', 'switch', 'combobox', 'textbox'].map(
    (role) => `[role="${role}"]`,
  ),
].join(',');

/** The control `element` belongs to, else the element itself. */
export function controlOf(element: Element): Element {
  return element.closest(CONTROL_SELECTOR) ?? element;
}

/** Input types one types text into. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** Whether `element` is a field one types into (text inputs, text areas, editable content). */
export function isTextField(element: Element | null): element is HTMLElement {
  if (!element) return false;
  if (element.tagName === 'TEXTAREA') return true;
  if (element.tagName === 'INPUT') return TEXT_INPUT_TYPES.has((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}

/** PointerEvent.button → recorded button. */
export function mouseButtonOf(button: number): MouseButton {
  return ALL_MOUSE_BUTTONS[button] ?? 'left';
}

/** `target` as an Element, by duck typing (instanceof fails across same-origin frames). */
function asElement(target: EventTarget | null): Element | null {
  return target && (target as Node).nodeType === 1 ? (target as Element) : null;
}

/** The cursor the browser shows over `element` (resolving 'auto' the way browsers do for text fields). */
export function cursorOf(element: Element | null, win: Window): CursorType {
  if (!element) return 'default';
  const css = win.getComputedStyle(element).cursor;
  if (css !== 'auto') return toCursorType(css);
  if (element.tagName === 'TEXTAREA' || (element as HTMLElement).isContentEditable) return 'text';
  if (element.tagName === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''].includes(type) ? 'text' : 'default';
  }
  if (element.closest('a[href]')) return 'pointer';
  return 'default';
}

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
    this.frame = viewportFrameOf(this.win);
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
    const frame = this.frame;
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
    const frame = this.frame;
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
    const frame = this.frame;
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

/**
 * Collects events and hands them over in batches: at most every `intervalMs`, and only when there is
 * something to send (no timer runs while the pointer is idle).
 */
export class TrackBatcher {
  private buffer: TrackEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deliver: (events: TrackEvent[]) => Promise<unknown> | undefined,
    private readonly intervalMs = 100,
  ) {}

  /** Queues an event. */
  readonly push = (event: TrackEvent): void => {
    this.buffer.push(event);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  };

  /** Sends what is queued now; resolves once the receiver has it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const events = this.buffer;
    this.buffer = [];
    await this.deliver(events);
  }
}
