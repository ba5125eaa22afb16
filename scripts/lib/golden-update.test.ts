import { describe, expect, it } from 'vitest';
import {
  describeGoldenDifference,
  GoldenUpdateError,
  type GoldenUpdateRequest,
  parseGoldenUpdateArgs,
  planGoldenUpdate,
} from './golden-update';

const CASES = [
  { name: 'default', reference: 'default' },
  { name: 'shadow-none', reference: 'shadow-none' },
  { name: 'aspect-16x9', reference: 'default' },
];
const same = { differentPixels: 0, changedPixels: 0, maxDifference: 0, meanDifference: 0, sizeMatches: true };
/** Rendering noise: a few pixels one level off. */
const noise = { differentPixels: 0, changedPixels: 7, maxDifference: 1, meanDifference: 0.0001, sizeMatches: true };
const moved = {
  differentPixels: 0.0009,
  changedPixels: 120,
  maxDifference: 87,
  meanDifference: 0.4213,
  sizeMatches: true,
};
const named = (...names: string[]): GoldenUpdateRequest => ({ all: false, names });

describe('golden:update arguments', () => {
  it('refuses to rewrite every reference unless --all is given', () => {
    expect(() => parseGoldenUpdateArgs([], CASES)).toThrow(GoldenUpdateError);
    expect(() => parseGoldenUpdateArgs([], CASES)).toThrow(/--all/);
    expect(parseGoldenUpdateArgs(['--all'], CASES)).toEqual({ all: true, names: ['default', 'shadow-none'] });
  });

  it('takes the named cases once each, and refuses unknown names and options with the list of cases', () => {
    expect(parseGoldenUpdateArgs(['shadow-none', 'default', 'shadow-none'], CASES)).toEqual(
      named('shadow-none', 'default'),
    );
    expect(() => parseGoldenUpdateArgs(['shadow-nope'], CASES)).toThrow(/No golden case shadow-nope.*shadow-none/);
    expect(() => parseGoldenUpdateArgs(['--force', 'default'], CASES)).toThrow(/Unknown option --force/);
    expect(() => parseGoldenUpdateArgs(['--all', 'default'], CASES)).toThrow(/not both/);
  });

  it('refuses a case that is checked against another case’s reference, naming that case', () => {
    expect(() => parseGoldenUpdateArgs(['aspect-16x9'], CASES)).toThrow(/its reference is default/);
  });
});

describe('golden:update plan', () => {
  it('rewrites named cases that changed, and new ones', () => {
    const plan = planGoldenUpdate(named('default', 'shadow-none'), [
      { name: 'default', difference: moved },
      { name: 'shadow-none', difference: null },
    ]);
    expect(plan).toEqual({ write: ['default', 'shadow-none'], refused: [], unchanged: [] });
  });

  it('writes nothing when a named case is unchanged (a name typed by mistake), and says which', () => {
    const plan = planGoldenUpdate(named('default', 'shadow-none'), [
      { name: 'default', difference: moved },
      { name: 'shadow-none', difference: same },
    ]);
    expect(plan).toEqual({ write: [], refused: ['shadow-none'], unchanged: [] });
  });

  it('takes what the golden test accepts (rendering noise) as unchanged, and a larger mean difference as a change', () => {
    expect(planGoldenUpdate(named('default'), [{ name: 'default', difference: noise }]).refused).toEqual(['default']);
    const shifted = { ...noise, changedPixels: 100_000, maxDifference: 10, meanDifference: 0.6 };
    expect(planGoldenUpdate(named('default'), [{ name: 'default', difference: shifted }]).write).toEqual(['default']);
  });

  it('counts a changed size as a change however few pixels differ', () => {
    const plan = planGoldenUpdate(named('default'), [{ name: 'default', difference: { ...same, sizeMatches: false } }]);
    expect(plan.write).toEqual(['default']);
  });

  it('under --all, writes what changed and leaves the unchanged references alone', () => {
    const plan = planGoldenUpdate({ all: true, names: ['default', 'shadow-none'] }, [
      { name: 'default', difference: same },
      { name: 'shadow-none', difference: moved },
    ]);
    expect(plan).toEqual({ write: ['shadow-none'], refused: [], unchanged: ['default'] });
  });

  it('summarizes each case: pixels changed, largest and mean difference', () => {
    expect(describeGoldenDifference({ name: 'default', difference: moved })).toBe(
      'default: 120 pixels changed (0.090% beyond the tolerance), max difference 87, mean 0.421',
    );
    expect(describeGoldenDifference({ name: 'default', difference: noise })).toBe(
      'default: unchanged (within the tolerance): 7 pixels changed (0.000% beyond the tolerance), max difference 1, mean 0.000',
    );
    expect(describeGoldenDifference({ name: 'default', difference: null })).toBe('default: new reference');
  });
});
