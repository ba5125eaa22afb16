import { describe, expect, it } from 'vitest';
import { ALL_ASPECT_RATIOS } from '../look/enumerations';
import { outputSize } from './output-size';

const source = { width: 1920, height: 1080 };

describe('output size', () => {
  it('keeps a 1080p recording at 1080p in every aspect ratio', () => {
    expect(outputSize(source, 'auto')).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(source, '16:9')).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(source, '9:16')).toEqual({ width: 1080, height: 1920 });
    expect(outputSize(source, '1:1')).toEqual({ width: 1080, height: 1080 });
    expect(outputSize(source, '4:3')).toEqual({ width: 1440, height: 1080 });
    expect(outputSize(source, '4:5')).toEqual({ width: 1080, height: 1350 });
  });

  it('doubles with the 2x multiplier up to the cap', () => {
    expect(outputSize(source, '16:9', 2, 2160)).toEqual({ width: 3840, height: 2160 });
    expect(outputSize(source, '16:9', 2, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize({ width: 2560, height: 1440 }, '16:9', 2, 2160)).toEqual({ width: 3840, height: 2160 });
  });

  it('always gives even sizes', () => {
    for (const ratio of ALL_ASPECT_RATIOS) {
      const size = outputSize({ width: 1367, height: 767 }, ratio, 1);
      expect(size.width % 2).toBe(0);
      expect(size.height % 2).toBe(0);
    }
  });
});
