import { describe, expect, it } from 'vitest';
import { KeyedValue, samePlace, sameShape, sameView, watermarkPlaceOf } from './planar-caches';

const NONE = { style: 'blur', rects: [] } as const;
const rect = (x: number) => ({ x, y: 0.1, width: 0.5, height: 0.5 });

describe("the planar painter's cache keys", () => {
  it('tell camera views apart by their rectangles, their motion blur and what they hide', () => {
    expect(
      sameView({ rect: rect(0), motionBlur: [], redaction: NONE }, { rect: rect(0), motionBlur: [], redaction: NONE }),
    ).toBe(true);
    expect(
      sameView(
        { rect: rect(0), motionBlur: [], redaction: NONE },
        { rect: rect(0.001), motionBlur: [], redaction: NONE },
      ),
    ).toBe(false);
    expect(
      sameView(
        { rect: rect(0), motionBlur: [rect(1)], redaction: NONE },
        { rect: rect(0), motionBlur: [], redaction: NONE },
      ),
    ).toBe(false);
    expect(
      sameView(
        { rect: rect(0), motionBlur: [rect(1)], redaction: NONE },
        { rect: rect(0), motionBlur: [rect(1)], redaction: NONE },
      ),
    ).toBe(true);
    const hidden = { style: 'blur', rects: [rect(0.2)] } as const;
    expect(
      sameView(
        { rect: rect(0), motionBlur: [], redaction: hidden },
        { rect: rect(0), motionBlur: [], redaction: NONE },
      ),
    ).toBe(false);
  });
  it('tell decoded frames apart by format, size and plane layout', () => {
    const shape = { format: 'I420' as const, width: 4, height: 2, planes: [{ offset: 0, stride: 4 }] };
    expect(sameShape(shape, { ...shape, planes: [{ offset: 0, stride: 4 }] })).toBe(true);
    expect(sameShape(shape, { ...shape, format: 'NV12' })).toBe(false);
    expect(sameShape(shape, { ...shape, planes: [{ offset: 0, stride: 8 }] })).toBe(false);
  });
  it('place the watermark by size and the corner away from the webcam', () => {
    const layout = {
      canvas: { width: 1920, height: 1080 },
      unit: 1,
      webcam: { rect: { x: 1600, y: 800, width: 200, height: 200 }, radius: 100 },
    } as Parameters<typeof watermarkPlaceOf>[0];
    const left = { ...layout, webcam: { rect: { x: 40, y: 800, width: 200, height: 200 }, radius: 100 } };
    expect(watermarkPlaceOf(layout).webcamOnRight).toBe(true);
    expect(samePlace(watermarkPlaceOf(layout), watermarkPlaceOf(left))).toBe(false);
  });
  it('keep one value until the key changes', () => {
    let made = 0;
    const cache = new KeyedValue<number, number>((a, b) => a === b);
    cache.get(1, () => ++made);
    cache.get(1, () => ++made);
    expect(made).toBe(1);
    expect(cache.get(2, () => ++made)).toBe(2);
  });
});
