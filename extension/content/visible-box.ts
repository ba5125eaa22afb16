// The part of a tracked element the page shows: its box in the viewport, less what an opaque fixed or sticky header
// or footer paints over it (the rules are in shared/redaction/visible-part.ts). Headers and footers are found once a
// measurement, by hit tests down from the viewport's top edge and up from its bottom edge; only a box that one of
// them overlaps pays for more (two hit tests that confirm the cover is painted over it).
import { type ClientBox, hidesWhatIsUnder, type PaintTraits, visiblePart } from '../../shared/redaction/visible-part';

/** Covers stacked at one edge that are looked for (a header, a bar under it…). */
const MOST_STACKED = 4;

/** An element's parent across shadow boundaries (a shadow root's host), or null at the top. */
function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  return parent && 'host' in parent ? (parent as ShadowRoot).host : null;
}

/** The innermost element at (x, y), inside open shadow roots too. */
function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let element = doc.elementFromPoint(x, y);
  while (element?.shadowRoot) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

function paintTraitsOf(element: Element): PaintTraits {
  const style = (element.ownerDocument.defaultView ?? window).getComputedStyle(element);
  return {
    position: style.position,
    backgroundColor: style.backgroundColor,
    backgroundClip: style.backgroundClip,
    radii: [
      style.borderTopLeftRadius,
      style.borderTopRightRadius,
      style.borderBottomRightRadius,
      style.borderBottomLeftRadius,
    ],
    opacity: style.opacity,
    filter: style.filter,
    mixBlendMode: style.mixBlendMode,
    clipPath: style.clipPath,
    maskImage: style.maskImage || style.getPropertyValue('-webkit-mask-image'),
    transform: style.transform,
  };
}

/** A header or footer found at the viewport's edge, and its box. */
interface Cover {
  readonly element: Element;
  readonly box: ClientBox;
}

/**
 * One measurement's headers and footers: the opaque fixed or sticky elements stacked from the viewport's top edge
 * down and from its bottom edge up, found by hit tests at the middle of the viewport's width (asked for only when a
 * box is measured). What is under something else there (a half-transparent backdrop over the header) stops the stack.
 */
export class PageCovers {
  private found: readonly Cover[] | null = null;

  constructor(private readonly win: Window) {}

  /** The covers, found on the first call. */
  all(): readonly Cover[] {
    this.found ??= [...this.stack('down'), ...this.stack('up')];
    return this.found;
  }

  private stack(direction: 'down' | 'up'): Cover[] {
    const { win } = this;
    const covers: Cover[] = [];
    const x = win.innerWidth / 2;
    let y = direction === 'down' ? 0.5 : win.innerHeight - 0.5;
    for (let i = 0; i < MOST_STACKED && y > 0 && y < win.innerHeight; i++) {
      const hit = deepElementFromPoint(win.document, x, y);
      const cover = hit ? this.coverAround(hit) : null;
      if (!cover) break;
      const box = cover.getBoundingClientRect();
      covers.push({ element: cover, box });
      y = direction === 'down' ? box.bottom + 0.5 : box.top - 0.5;
    }
    return covers;
  }

  /** The nearest fixed or sticky element around `element` (itself included), when it hides what is under it. */
  private coverAround(element: Element): Element | null {
    for (let at: Element | null = element; at; at = composedParent(at)) {
      const style = paintTraitsOf(at);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      const ancestors: PaintTraits[] = [];
      for (let up = composedParent(at); up; up = composedParent(up)) ancestors.push(paintTraitsOf(up));
      return hidesWhatIsUnder(style, ancestors) ? at : null;
    }
    return null;
  }
}

/** Whether `node` is `element` or inside it (across shadow boundaries). */
function isInside(node: Element, element: Element): boolean {
  for (let at: Element | null = node; at; at = composedParent(at)) if (at === element) return true;
  return false;
}

/**
 * Whether `cover` is painted over `element` at (x, y): the hit test of the element's own tree (so a field in a
 * shadow root is found) lists the cover before the element. Unsure (either not listed: the element lets pointers
 * through, or the cover is in another shadow tree): no.
 */
function paintedOver(element: Element, cover: Element, x: number, y: number): boolean {
  const hits = (element.getRootNode() as Document | ShadowRoot).elementsFromPoint(x, y);
  const over = hits.indexOf(cover);
  const own = hits.findIndex((hit) => isInside(hit, element));
  return over >= 0 && own >= 0 && over < own;
}

/**
 * The part of `element` (whose box is `rect`) the viewport of `win` shows: the box cut to the viewport, then at its
 * top and bottom edges by the page's headers and footers (`covers`) that span its whole width and are painted over
 * it (confirmed one pixel inside both ends of the overlap). When nothing shows, a box of no width or height (see
 * gone) on the line where it left: the viewport's edge, or the edge of the cover nearest to `from` (where it last
 * showed).
 */
export function visibleBoxOf(
  win: Window,
  covers: PageCovers,
  element: Element,
  rect: ClientBox,
  from?: ClientBox,
): ClientBox {
  const clampX = (x: number) => Math.min(win.innerWidth, Math.max(0, x));
  const clampY = (y: number) => Math.min(win.innerHeight, Math.max(0, y));
  const box: ClientBox = {
    left: clampX(rect.left),
    top: clampY(rect.top),
    right: clampX(rect.right),
    bottom: clampY(rect.bottom),
  };
  if (box.bottom - box.top < 2 || box.right - box.left < 2) return box;
  // Whether each spans the box's width is visiblePart's to say; a cover holding the element (a field in the header)
  // is not over it.
  const over = covers
    .all()
    .filter(({ element: cover, box: c }) => c.top < box.bottom && c.bottom > box.top && !isInside(element, cover));
  if (over.length === 0) return box;
  const confirmed = over.filter(({ element: cover, box: c }) => {
    const y = (Math.max(c.top, box.top) + Math.min(c.bottom, box.bottom)) / 2;
    return paintedOver(element, cover, box.left + 1, y) && paintedOver(element, cover, box.right - 1, y);
  });
  return confirmed.length
    ? visiblePart(
        box,
        confirmed.map((cover) => cover.box),
        from,
      )
    : box;
}
