import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partsAround } from './planar-painter';

describe('the static layer around the video', () => {
  it('is read in parts that cover every pixel outside the video once and none inside', () => {
    const even = (max: number) => fc.integer({ min: 0, max: max / 2 }).map((n) => 2 * n);
    fc.assert(
      fc.property(even(64), even(48), even(64), even(48), even(64), even(48), (width, height, x, y, w, h) => {
        const size = { width: Math.max(2, width), height: Math.max(2, height) };
        const hole = { x, y, width: w, height: h };
        const covered = new Uint8Array(size.width * size.height);
        for (const part of partsAround(size, hole)) {
          expect((part.x % 2) + (part.y % 2) + (part.width % 2) + (part.height % 2)).toBe(0);
          for (let j = part.y; j < part.y + part.height; j++) {
            for (let i = part.x; i < part.x + part.width; i++) {
              covered[j * size.width + i] = (covered[j * size.width + i] ?? 0) + 1;
            }
          }
        }
        let wrong = 0;
        for (let j = 0; j < size.height; j++) {
          for (let i = 0; i < size.width; i++) {
            const inside = i >= x && i < x + w && j >= y && j < y + h;
            if (covered[j * size.width + i] !== (inside ? 0 : 1)) wrong++;
          }
        }
        expect(wrong).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
