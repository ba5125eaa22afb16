// What of a tracked element the page shows when a fixed header or footer paints over it. Hiding the whole box would
// blur the header too (its text becomes unreadable while a field passes under it), so the box is cut to what shows.
// Only a cover known to hide what is under it cuts: a field shown through a half-transparent one is a leak, so
// whenever a rule here is unsure, it does not cut.

/** A rectangle in a document's viewport, CSS px (what getBoundingClientRect gives). */
export interface ClientBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** What of an element's computed style says whether it hides what is painted under it. */
export interface PaintTraits {
  readonly position: string;
  readonly backgroundColor: string;
  readonly backgroundClip: string;
  /** The four corners' computed radii (borderTopLeftRadius…). */
  readonly radii: readonly string[];
  readonly opacity: string;
  readonly filter: string;
  readonly mixBlendMode: string;
  readonly clipPath: string;
  readonly maskImage: string;
  readonly transform: string;
}

/** Slack for sub-pixel layout: a header 0.3 px narrower than its page still spans a field on it. */
const SLACK_PX = 0.5;

/**
 * The alpha (0..1) of a computed CSS colour: `rgb()` is opaque, `rgba()` and the `/ a` of the other functions give
 * theirs, `transparent` none. A form not known here counts as transparent (it cannot be trusted to hide).
 */
export function alphaOf(color: string): number {
  const value = color.trim().toLowerCase();
  const parts = /^([a-z-]+)\((.*)\)$/.exec(value);
  if (!parts) return 0;
  const [, name, args = ''] = parts;
  const slash = args.split('/');
  let alpha: string | undefined;
  if (slash.length === 2) alpha = slash[1];
  else if (slash.length > 2) return 0;
  else if (name === 'rgba' || name === 'hsla' || args.includes(',')) {
    const commas = args.split(',');
    if (commas.length === 4) alpha = commas[3];
    else if (commas.length !== 3) return 0;
  }
  if (alpha === undefined) return 1;
  const number = Number.parseFloat(alpha);
  if (!Number.isFinite(number)) return 0;
  return Math.min(1, Math.max(0, alpha.trim().endsWith('%') ? number / 100 : number));
}

/** Whether a computed transform keeps boxes upright (none, or a translate and a positive scale): a box rotated or skewed is not what its bounding box says. */
function upright(transform: string): boolean {
  if (transform === 'none') return true;
  const matrix = /^matrix\(([^)]*)\)$/.exec(transform.trim());
  if (!matrix) return false;
  const [a = 0, b = 1, c = 1, d = 0] = (matrix[1] ?? '').split(',').map(Number);
  return b === 0 && c === 0 && a > 0 && d > 0;
}

/**
 * Whether an element lets what is under it show through its painting (or changes where it paints): opacity below 1,
 * a filter, a blend mode, a clip path or mask, a rotation or skew. Asked of the cover and of each of its ancestors.
 */
export function seeThrough(style: PaintTraits): boolean {
  return (
    Number.parseFloat(style.opacity) < 1 ||
    !(style.filter === 'none' || style.filter === '') ||
    !(style.mixBlendMode === 'normal' || style.mixBlendMode === '') ||
    !(style.clipPath === 'none' || style.clipPath === '') ||
    !(style.maskImage === 'none' || style.maskImage === '') ||
    !upright(style.transform)
  );
}

/**
 * Whether an element hides, over its whole border box, what the page scrolls under it: it is fixed or sticky (it
 * stays while the page moves under it), paints an opaque background to its border edge with square corners, and
 * neither it nor any of its ancestors (`ancestors`, nearest first) lets what is under show through.
 */
export function hidesWhatIsUnder(style: PaintTraits, ancestors: readonly PaintTraits[]): boolean {
  return (
    (style.position === 'fixed' || style.position === 'sticky') &&
    alphaOf(style.backgroundColor) === 1 &&
    (style.backgroundClip === 'border-box' || style.backgroundClip === '') &&
    style.radii.every((radius) => Number.parseFloat(radius || '0') === 0) &&
    !seeThrough(style) &&
    !ancestors.some(seeThrough)
  );
}

/**
 * The part of `box` that shows, given `covers`: boxes of elements painted over it that hide what is under them (see
 * hidesWhatIsUnder). A cover cuts the box only at its top or bottom edge, and only when it spans the box's whole width
 * there (a header over part of a field's width leaves the rest of that strip showing, so nothing is cut). Covers
 * stack (a header and a sticky bar under it). When nothing shows (see gone), a box of no height on the line where it
 * went under: the covers' edge nearest to `from`, where the box last showed (a field scrolled up under a header left
 * on its bottom edge, one scrolled down under a footer on its top edge).
 */
export function visiblePart(box: ClientBox, covers: readonly ClientBox[], from: ClientBox = box): ClientBox {
  let { top, bottom } = box;
  const spans = covers.filter((cover) => cover.left <= box.left + SLACK_PX && cover.right >= box.right - SLACK_PX);
  for (let changed = true; changed && top < bottom; ) {
    changed = false;
    for (const cover of spans) {
      if (top < bottom && cover.top <= top && cover.bottom > top) {
        top = cover.bottom;
        changed = true;
      }
      if (top < bottom && cover.bottom >= bottom && cover.top < bottom) {
        bottom = cover.top;
        changed = true;
      }
    }
  }
  if (top < bottom) return { left: box.left, top, right: box.right, bottom };
  const middle = (from.top + from.bottom) / 2;
  let line = top;
  for (const cover of spans) {
    if (cover.bottom <= box.top || cover.top >= box.bottom) continue;
    for (const edge of [cover.top, cover.bottom]) if (Math.abs(edge - middle) < Math.abs(line - middle)) line = edge;
  }
  return { left: box.left, top: line, right: box.right, bottom: line };
}

/** Whether nothing of `box` shows (it has no width or no height). */
export function gone(box: ClientBox): boolean {
  return box.right <= box.left || box.bottom <= box.top;
}
