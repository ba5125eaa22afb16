import type { TrackEvent } from '../../shared/recording/track-events';
import type { RedactionKind } from '../../shared/redaction/redaction';
import { REDACT_ATTRIBUTE, SENSITIVE_SELECTOR, sensitiveKindOf } from '../../shared/redaction/sensitive-kind';
import type { TrackSink } from './cursor-tracker';
import { normalizeRect, type ViewportFrame, viewportFrameOf } from './viewport-frame';

/** Frames sampled after the last change seen, to catch what keeps moving without telling (a CSS animation). */
const QUIET_FRAMES = 3;
/** Attributes whose change can make an element sensitive or not. */
const KIND_ATTRIBUTES = new Set(['type', 'autocomplete', REDACT_ATTRIBUTE]);

interface Tracked {
  readonly id: string;
  readonly kind: RedactionKind;
  /** The box last sent, as text ('' when off screen). */
  key: string;
}

/** What the tracker needs to know about picked elements (the site's selectors, and when they change). */
export interface PickSource {
  load(): Promise<readonly string[]>;
  watch(onChange: (selectors: readonly string[]) => void): () => void;
}

/**
 * Records where the elements that must not be seen are (password, email, phone, card and one-time-code fields,
 * elements marked `data-clickreel-redact`, elements the user picked), as `redact` events with their box whenever it
 * changes and null when they leave the screen. Nothing runs while the page is still: scrolls, resizes, DOM and
 * attribute changes, elements entering or leaving the viewport and CSS animations start sampling once per animation
 * frame, which goes on only while some box keeps changing.
 */
export class RedactionTracker {
  private readonly tracked = new Map<Element, Tracked>();
  private selectors: readonly string[] = [];
  private frame: ViewportFrame | null = null;
  private sampling: number | null = null;
  private quiet = 0;
  private needsScan = true;
  private next = 0;
  private readonly documentId = Math.random().toString(36).slice(2, 8);
  private readonly controller = new AbortController();
  private readonly resize = new ResizeObserver(() => this.sampleSoon());
  private readonly intersection = new IntersectionObserver(() => this.sampleSoon());
  private readonly mutation = new MutationObserver((records) => {
    if (records.some((r) => r.type === 'childList' || KIND_ATTRIBUTES.has(r.attributeName ?? ''))) this.scanSoon();
    else this.sampleSoon();
  });
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly win: Window,
    private readonly sink: TrackSink,
    private readonly picks: PickSource | null = null,
  ) {}

  attach(): void {
    const { win } = this;
    const options = { capture: true, passive: true, signal: this.controller.signal } as const;
    this.frame = viewportFrameOf(win);
    const sample = () => this.sampleSoon();
    win.addEventListener('scroll', sample, options);
    win.addEventListener(
      'resize',
      () => {
        this.frame = viewportFrameOf(win);
        this.sampleSoon();
      },
      options,
    );
    for (const type of ['transitionrun', 'animationstart', 'load']) win.addEventListener(type, sample, options);
    if (win !== win.top) {
      win.parent.addEventListener(
        'scroll',
        () => {
          this.frame = viewportFrameOf(win);
          this.sampleSoon();
        },
        options,
      );
    }
    const root = win.document.documentElement;
    if (root) this.mutation.observe(root, { subtree: true, childList: true, attributes: true });
    if (win.document.body) this.resize.observe(win.document.body);
    if (this.picks) {
      this.picks.load().then(
        (selectors) => this.usePicks(selectors),
        () => undefined,
      );
      this.unwatch = this.picks.watch((selectors) => this.usePicks(selectors));
    }
    this.scanSoon();
  }

  detach(): void {
    this.controller.abort();
    this.mutation.disconnect();
    this.resize.disconnect();
    this.intersection.disconnect();
    this.unwatch?.();
    if (this.sampling !== null) this.win.cancelAnimationFrame(this.sampling);
    this.sampling = null;
  }

  private usePicks(selectors: readonly string[]): void {
    this.selectors = selectors;
    this.scanSoon();
  }

  private scanSoon(): void {
    this.needsScan = true;
    this.sampleSoon();
  }

  private sampleSoon(): void {
    // A page with nothing to hide pays for no measuring at all, only for a scan when its DOM changes.
    if (!this.needsScan && this.tracked.size === 0) return;
    this.quiet = 0;
    this.sampling ??= this.win.requestAnimationFrame(() => this.sample());
  }

  /** One animation frame's measurement; asks for the next frame while boxes change. */
  private sample(): void {
    this.sampling = null;
    if (this.needsScan) this.scan();
    const changed = this.measure();
    this.quiet = changed ? 0 : this.quiet + 1;
    if (this.quiet < QUIET_FRAMES) this.sampling = this.win.requestAnimationFrame(() => this.sample());
  }

  /** Finds the elements to hide now; elements that stopped being one are sent off screen. */
  private scan(): void {
    this.needsScan = false;
    const found = new Map<Element, RedactionKind>();
    const doc = this.win.document;
    for (const element of doc.querySelectorAll(SENSITIVE_SELECTOR)) {
      const kind = sensitiveKindOf({
        tagName: element.tagName,
        type: (element as HTMLInputElement).type,
        autocomplete: element.getAttribute('autocomplete'),
        marked: element.hasAttribute(REDACT_ATTRIBUTE),
      });
      if (kind) found.set(element, kind);
    }
    for (const selector of this.selectors) {
      try {
        for (const element of doc.querySelectorAll(selector)) if (!found.has(element)) found.set(element, 'picked');
      } catch {
        // A selector the page's structure no longer fits is skipped.
      }
    }
    for (const [element, entry] of this.tracked) {
      if (found.get(element) === entry.kind) continue;
      this.send(entry, null);
      this.tracked.delete(element);
      this.resize.unobserve(element);
      this.intersection.unobserve(element);
    }
    for (const [element, kind] of found) {
      if (this.tracked.has(element)) continue;
      this.tracked.set(element, { id: `${this.documentId}-${++this.next}`, kind, key: '' });
      this.resize.observe(element);
      this.intersection.observe(element);
    }
  }

  /** Sends every box that changed; true when one did. */
  private measure(): boolean {
    const { frame, win } = this;
    let changed = false;
    for (const [element, entry] of this.tracked) {
      const rect = element.isConnected ? element.getBoundingClientRect() : null;
      const onScreen =
        rect &&
        rect.width > 0 &&
        rect.height > 0 &&
        rect.right > 0 &&
        rect.bottom > 0 &&
        rect.left < win.innerWidth &&
        rect.top < win.innerHeight;
      const box = onScreen && frame ? normalizeRect(frame, rect) : null;
      if (this.send(entry, box)) changed = true;
      if (!element.isConnected) this.tracked.delete(element);
    }
    return changed;
  }

  /** Sends `box` for `entry` when it differs from the last one sent. */
  private send(entry: Tracked, box: Extract<TrackEvent, { k: 'redact' }>['box']): boolean {
    const key = box ? `${box.x.toFixed(4)},${box.y.toFixed(4)},${box.width.toFixed(4)},${box.height.toFixed(4)}` : '';
    if (key === entry.key) return false;
    entry.key = key;
    const w = this.win.performance.timeOrigin + this.win.performance.now();
    this.sink({ k: 'redact', w, id: entry.id, kind: entry.kind, box });
    return true;
  }
}
