import { describe, expect, test } from 'vitest';
import { alphaOf, gone, hidesWhatIsUnder, type PaintTraits, visiblePart } from './visible-part';

/** A fixed white header's computed style; each test changes what it is about. */
const HEADER: PaintTraits = {
  position: 'fixed',
  backgroundColor: 'rgb(255, 255, 255)',
  backgroundClip: 'border-box',
  radii: ['0px', '0px', '0px', '0px'],
  opacity: '1',
  filter: 'none',
  mixBlendMode: 'normal',
  clipPath: 'none',
  maskImage: 'none',
  transform: 'none',
};
/** An ordinary ancestor (body, html). */
const PLAIN: PaintTraits = { ...HEADER, position: 'static', backgroundColor: 'rgba(0, 0, 0, 0)' };

const field = { left: 80, top: 60, right: 660, bottom: 136 };
const header = { left: 0, top: 0, right: 1280, bottom: 110 };
const footer = { left: 0, top: 640, right: 1280, bottom: 720 };

describe('the part of a tracked box a fixed header or footer leaves showing', () => {
  test('a header over the top of a field cuts the box at its bottom edge', () => {
    expect(visiblePart(field, [header])).toEqual({ left: 80, top: 110, right: 660, bottom: 136 });
  });

  test('a footer over the bottom of a field cuts the box at its top edge', () => {
    expect(visiblePart({ left: 80, top: 600, right: 660, bottom: 676 }, [footer])).toEqual({
      left: 80,
      top: 600,
      right: 660,
      bottom: 640,
    });
  });

  test("a field entirely under the header shows nothing: it left on the header's bottom edge", () => {
    const under = visiblePart({ left: 80, top: 20, right: 660, bottom: 96 }, [header]);
    expect(gone(under)).toBe(true);
    expect(under).toEqual({ left: 80, top: 110, right: 660, bottom: 110 });
    expect(gone(visiblePart({ left: 80, top: 20, right: 660, bottom: 110 }, [header]))).toBe(true);
    // Where it last showed tells which edge it went under: a footer's top, a header's bottom.
    const shownAbove = { left: 80, top: 560, right: 660, bottom: 636 };
    const underFooter = visiblePart({ left: 80, top: 650, right: 660, bottom: 700 }, [footer], shownAbove);
    expect(underFooter).toEqual({ left: 80, top: 640, right: 660, bottom: 640 });
    const shownBelow = { left: 80, top: 200, right: 660, bottom: 276 };
    expect(visiblePart({ left: 80, top: 5, right: 660, bottom: 50 }, [header], shownBelow).top).toBe(110);
  });

  test('stacked covers cut one after the other (a header, and a sticky bar under it)', () => {
    const bar = { left: 0, top: 110, right: 1280, bottom: 150 };
    expect(visiblePart({ left: 80, top: 100, right: 660, bottom: 176 }, [bar, header]).top).toBe(150);
    const shownBelow = { left: 80, top: 170, right: 660, bottom: 246 };
    const under = visiblePart({ left: 80, top: 100, right: 660, bottom: 150 }, [bar, header], shownBelow);
    expect(gone(under)).toBe(true);
    expect(under.top).toBe(150);
  });

  test('a cover narrower than the box, or over its middle only, cuts nothing', () => {
    const logo = { left: 0, top: 0, right: 400, bottom: 110 };
    expect(visiblePart(field, [logo])).toEqual(field);
    const band = { left: 0, top: 80, right: 1280, bottom: 100 };
    expect(visiblePart(field, [band])).toEqual(field);
  });

  test('a cover that does not reach the box cuts nothing', () => {
    expect(visiblePart({ left: 80, top: 200, right: 660, bottom: 276 }, [header, footer])).toEqual({
      left: 80,
      top: 200,
      right: 660,
      bottom: 276,
    });
  });
});

describe('which elements hide what the page scrolls under them', () => {
  test('a fixed or sticky element with an opaque background, square corners and nothing see-through', () => {
    expect(hidesWhatIsUnder(HEADER, [PLAIN, PLAIN])).toBe(true);
    expect(hidesWhatIsUnder({ ...HEADER, position: 'sticky' }, [PLAIN])).toBe(true);
    expect(hidesWhatIsUnder({ ...HEADER, backgroundColor: 'color(srgb 0.1 0.2 0.3)' }, [])).toBe(true);
    expect(hidesWhatIsUnder({ ...HEADER, transform: 'matrix(1, 0, 0, 1, 0, -20)' }, [])).toBe(true);
  });

  test.each([
    ['a modal backdrop (half-transparent black)', { backgroundColor: 'rgba(0, 0, 0, 0.5)' }],
    ['a frosted bar', { backgroundColor: 'rgb(255 255 255 / 80%)' }],
    ['a transparent fixed element', { backgroundColor: 'rgba(0, 0, 0, 0)' }],
    ['a header faded out', { opacity: '0.9' }],
    ['a header with a filter', { filter: 'blur(2px)' }],
    ['a blended header', { mixBlendMode: 'multiply' }],
    ['a clipped header', { clipPath: 'inset(0px 0px 20px)' }],
    ['a masked header', { maskImage: 'linear-gradient(black, transparent)' }],
    ['a rotated header', { transform: 'matrix(0.98, 0.17, -0.17, 0.98, 0, 0)' }],
    ['a header with rounded corners', { radii: ['0px', '0px', '12px', '12px'] }],
    ['a background painted inside the border only', { backgroundClip: 'padding-box' }],
    ['an element in the page flow', { position: 'static' }],
    ['an absolutely placed element (it scrolls with the page)', { position: 'absolute' }],
  ] as const)('%s does not', (_, change) => {
    expect(hidesWhatIsUnder({ ...HEADER, ...change }, [PLAIN])).toBe(false);
  });

  test('nor does an opaque header inside a half-transparent ancestor', () => {
    expect(hidesWhatIsUnder(HEADER, [{ ...PLAIN, opacity: '0.5' }, PLAIN])).toBe(false);
  });

  test.each([
    ['rgb(255, 255, 255)', 1],
    ['rgba(0, 0, 0, 0.5)', 0.5],
    ['rgba(0, 0, 0, 0)', 0],
    ['transparent', 0],
    ['rgb(10 20 30 / 25%)', 0.25],
    ['oklch(0.5 0.1 120 / 0.999)', 0.999],
    ['color(display-p3 1 0 0)', 1],
    ['currentcolor', 0],
  ])('%s has alpha %d', (color, alpha) => {
    expect(alphaOf(color)).toBe(alpha);
  });
});
