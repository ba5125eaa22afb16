import type { ScreenTracking } from '../../shared/messages/extension-messages';
import type { TrackEvent } from '../../shared/recording/event-kinds';
import type { RedactionKind } from '../../shared/redaction/redaction';
import { type ClientBox, gone } from '../../shared/redaction/visible-part';
import type { TrackSink } from './cursor-tracker';
import { ElementsToHide } from './elements-to-hide';
import { normalizeRect, type ViewportFrame, viewportFrameOf } from './viewport-frame';
import { PageCovers, visibleBoxOf } from './visible-box';

/** Frames sampled after the last change seen, to catch what keeps moving without telling (a CSS animation). */
const QUIET_FRAMES = 3;
/** Events that move or reshape boxes without a DOM change; none of them crosses out of a shadow root. */
const MOVING_EVENTS = ['scroll', 'transitionrun', 'animationstart'] as const;
/** What the mutation observer watches, in the document and in each open shadow root. */
const OBSERVED: MutationObserverInit = { subtree: true, childList: true, attributes: true, attributeOldValue: true };

interface Tracked {
  readonly id: string;
  readonly kind: RedactionKind;
  /** The box last sent, as text ('' when off screen). */
  key: string;
  /** The part of it last shown, in this document's viewport; null once it has left. */
  shown: ClientBox | null;
}

/** What the tracker needs to know about picked elements (the site's selectors, and when they change). */
export interface PickSource {
  load(): Promise<readonly string[]>;
  watch(onChange: (selectors: readonly string[]) => void): () => void;
}

/**
 * Records where the elements that must not be seen are (password, email, phone, card and one-time-code fields,
 * elements marked `data-clickreel-redact`, elements the user picked), in the document and in every open shadow root
 * (nested ones too), as `redact` events with the box the page shows of them (cut where an opaque fixed header or
 * footer paints over it, see visible-box.ts) whenever it changes, and null when none of it shows. A password field
 * stays one when the page shows it as text. Nothing runs while the page is still: scrolls, resizes, DOM and
 * attribute changes (watched in each shadow root too, since none of them reaches the document's observers),
 * elements entering or leaving the viewport and CSS animations start sampling once per animation frame, which goes
 * on only while some box keeps changing. A DOM change looks only at what it added or changed (and runs the picked
 * selectors again when there are some), so a page with nothing to hide pays for its own changes, not for its size.
 */
export class RedactionTracker {
  private readonly tracked = new Map<Element, Tracked>();
  private frame: ViewportFrame | null = null;
  private sampling: number | null = null;
  private quiet = 0;
  private next = 0;
  private readonly documentId = Math.random().toString(36).slice(2, 8);
  private readonly controller = new AbortController();
  /** The open shadow roots found so far (observed and listened to), whose hosts are in the page. */
  private readonly shadowRoots = new Set<ShadowRoot>();
  /** Whether the whole page is to be searched for shadow roots attached since (see attach). */
  private searchDue = false;
  private readonly sampleOnEvent = () => this.sampleSoon();
  private readonly resize = new ResizeObserver((entries) => {
    if (entries.some((entry) => entry.target === this.win.document.body)) this.searchSoon();
    else this.sampleSoon();
  });
  private readonly intersection = new IntersectionObserver(() => this.sampleSoon());
  private readonly mutation = new MutationObserver((records) => this.changed(records));
  private unwatch: (() => void) | null = null;
  /** The elements to hide, and what changed that the next scan is to look at. */
  private readonly elements: ElementsToHide;

  constructor(
    private readonly win: Window,
    private readonly sink: TrackSink,
    private readonly picks: PickSource | null = null,
    /** Set while the screen is recorded: boxes are placed on the screen. */
    private readonly onScreen: ScreenTracking | null = null,
  ) {
    this.elements = new ElementsToHide(win);
  }

  attach(): void {
    const { win } = this;
    const options = { capture: true, passive: true, signal: this.controller.signal } as const;
    this.frame = viewportFrameOf(win, this.onScreen);
    const sample = this.sampleOnEvent;
    win.addEventListener('scroll', sample, options);
    win.addEventListener(
      'resize',
      () => {
        this.frame = viewportFrameOf(win, this.onScreen);
        this.sampleSoon();
      },
      options,
    );
    for (const type of ['transitionrun', 'animationstart']) win.addEventListener(type, sample, options);
    win.addEventListener('load', () => this.searchSoon(), options);
    if (win !== win.top) {
      win.parent.addEventListener(
        'scroll',
        () => {
          this.frame = viewportFrameOf(win, this.onScreen);
          this.sampleSoon();
        },
        options,
      );
    }
    const root = win.document.documentElement;
    if (root) this.mutation.observe(root, OBSERVED);
    // Shadow roots are found here, in every subtree the page adds, and on a load or a resize of the body: a root
    // attached to an element already in the page tells nothing else (its content's changes stay inside it).
    this.elements.searchWhole(win.document);
    if (root) this.findShadowRoots(root);
    if (win.document.body) this.resize.observe(win.document.body);
    if (this.picks) {
      this.picks.load().then(
        (selectors) => this.usePicks(selectors),
        () => undefined,
      );
      this.unwatch = this.picks.watch((selectors) => this.usePicks(selectors));
    }
    this.sampleSoon();
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
    this.elements.usePicks(selectors);
    this.sampleSoon();
  }

  /**
   * The mutation observer's records: added subtrees and elements whose kind attributes changed are looked at by the
   * next scan (shadow roots in added subtrees are found now); any other change (a class, a style) can move a box:
   * measured, not scanned. A removed element is seen gone by the next measurement.
   */
  private changed(records: readonly MutationRecord[]): void {
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of record.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          this.elements.addedSubtree(node as Element);
          this.findShadowRoots(node);
        }
        this.elements.structureChanged(record.target);
      } else {
        this.elements.attributeChanged(record);
      }
    }
    this.sampleSoon();
  }

  /** Observes and listens inside every open shadow root in `node`'s subtree (nested ones too) not yet known. */
  private findShadowRoots(node: Node): void {
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
    const walker = this.win.document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT);
    for (let at: Node | null = walker.currentNode; at; at = walker.nextNode()) {
      const root = (at as Element).shadowRoot;
      if (!root || this.shadowRoots.has(root)) continue;
      this.shadowRoots.add(root);
      this.mutation.observe(root, OBSERVED);
      const options = { capture: true, passive: true, signal: this.controller.signal } as const;
      for (const type of MOVING_EVENTS) root.addEventListener(type, this.sampleOnEvent, options);
      this.elements.searchWhole(root);
      this.findShadowRoots(root);
    }
  }

  private searchSoon(): void {
    this.searchDue = true;
    this.sampleSoon();
  }

  private get needsScan(): boolean {
    return this.elements.scanDue || this.searchDue;
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

  /** Finds the elements to hide now, from what changed since the last scan; those that stopped being one leave. */
  private scan(): void {
    const doc = this.win.document;
    if (this.searchDue) {
      this.searchDue = false;
      if (doc.documentElement) this.findShadowRoots(doc.documentElement);
    }
    for (const root of this.shadowRoots) {
      // Found again, and searched whole, if its host comes back (an added subtree).
      if (!root.host.isConnected) this.shadowRoots.delete(root);
    }
    this.elements.scan(this.shadowRoots);
    for (const [element, entry] of this.tracked) {
      if (this.elements.kindOf(element) === entry.kind) continue;
      this.send(entry, null);
      this.tracked.delete(element);
      this.resize.unobserve(element);
      this.intersection.unobserve(element);
    }
    for (const element of this.elements.all()) {
      const kind = this.elements.kindOf(element);
      if (!kind || this.tracked.has(element) || !element.isConnected) continue;
      this.tracked.set(element, { id: `${this.documentId}-${++this.next}`, kind, key: '', shown: null });
      this.resize.observe(element);
      this.intersection.observe(element);
    }
  }

  /** Sends every box that changed; true when one did. */
  private measure(): boolean {
    const { frame, win } = this;
    const covers = new PageCovers(win);
    let changed = false;
    for (const [element, entry] of this.tracked) {
      const rect = element.isConnected ? element.getBoundingClientRect() : null;
      const laidOut = rect && rect.width > 0 && rect.height > 0 && frame;
      const shown = laidOut ? visibleBoxOf(win, covers, element, rect, entry.shown ?? undefined) : null;
      // A box that leaves (under a header, past the viewport's edge) is sent once more as the line it left by, then
      // as null: a frame the capture showed while the page's scripts were busy (a compositor scroll) may show it
      // anywhere between its last box and that line, and the export hides all the boxes of that time.
      const sent = shown && (!gone(shown) || entry.shown) ? shown : null;
      entry.shown = shown && !gone(shown) ? shown : null;
      const box =
        sent && frame
          ? normalizeRect(frame, {
              left: sent.left,
              top: sent.top,
              width: sent.right - sent.left,
              height: sent.bottom - sent.top,
            })
          : null;
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
