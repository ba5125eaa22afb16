import { describe, expect, it } from 'vitest';
import { poolSize } from './worker-pool';

describe('the worker pool size', () => {
  it('is one worker per core by default', () => {
    expect(poolSize(null, 2)).toBe(2);
    expect(poolSize(null, 16)).toBe(16);
  });
  it('is lowered by the setting, never raised past the cores, and at least one', () => {
    expect(poolSize(1, 8)).toBe(1);
    expect(poolSize(4, 8)).toBe(4);
    expect(poolSize(12, 8)).toBe(8);
    expect(poolSize(0, 8)).toBe(1);
  });
  it('is one where the browser does not say how many cores it has', () => {
    expect(poolSize(null, undefined)).toBe(1);
  });
});
