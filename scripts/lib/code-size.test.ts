import { describe, expect, it } from 'vitest';
import { checkedSources, oversizes, repositoryOversizes, SIZE_LIMITS } from './code-size';
import { REPOSITORY_ROOT } from './import-boundaries';

describe('file and function sizes', () => {
  it(`no file over ${SIZE_LIMITS.fileLines} lines, no function over ${SIZE_LIMITS.functionLines}`, () => {
    // The walk found the code it checks (a wrong root would pass vacuously).
    expect(checkedSources(REPOSITORY_ROOT).length).toBeGreaterThan(300);
    const over = repositoryOversizes(REPOSITORY_ROOT).map(({ name, lines }) => `${name}: ${lines} lines`);
    expect(over, 'split these: a module does one job, a function one step').toEqual([]);
  });

  it('measures a file by its lines and a function by the lines from its start to its end, by the name a reader finds', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, () => '  work();').join('\n');
    const source = [
      `export function long() {\n${body(81)}\n}`,
      `const arrow = () => {\n${body(80)}\n};`,
      `export const table = { handler() {\n${body(90)}\n} };`,
      `function outer() {\n  run(() => {\n${body(85)}\n  });\n}`,
    ].join('\n');
    expect(oversizes('x.ts', source).map((o) => `${o.name} ${o.lines}`)).toEqual([
      'x.ts 338',
      'x.ts: long 81',
      'x.ts: handler 90',
      'x.ts: outer 87',
      'x.ts: a function inside outer 85',
    ]);
  });
});
