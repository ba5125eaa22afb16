import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docReferences } from './doc-references';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = ['README.md', 'shared/render/README.md', 'extension/README.md', 'site/src/export/README.md'];
const SOURCE = /\.(ts|tsx|mjs|astro|sh)$/;
const TOP_FOLDERS = ['extension', 'site', 'scripts', 'shared'].map((folder) => join(ROOT, folder));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (['node_modules', 'dist', '.git', '.wxt', '.astro', 'data'].includes(entry)) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry) || entry === 'run' ? [path] : [];
  });
}

describe('docs point at things that exist', () => {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
  );
  const source = sourceFiles(ROOT)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  for (const doc of DOCS) {
    it(`${doc}: every file, npm script and code name it names`, () => {
      const here = dirname(join(ROOT, doc));
      const missing = docReferences(readFileSync(join(ROOT, doc), 'utf8')).flatMap((reference) => {
        switch (reference.kind) {
          case 'path':
            // Relative to the document, to the repository root, or (the layout table) to a top-level folder.
            return [here, ROOT, ...TOP_FOLDERS].some((base) => existsSync(join(base, reference.path)))
              ? []
              : [`file ${reference.path}`];
          case 'script':
            return scripts.includes(reference.script) ? [] : [`npm script ${reference.script}`];
          case 'name':
            return new RegExp(`\\b${reference.name.replace(/\$/g, '\\$')}\\b`).test(source)
              ? []
              : [`name ${reference.name}`];
        }
        return [];
      });
      expect(missing, `${relative(ROOT, join(ROOT, doc))} names what does not exist`).toEqual([]);
    });
  }

  it('.ci/run: the commands it runs and the files it names', () => {
    const run = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    for (const [, script] of run.matchAll(/^npm (test|start|run [\w:-]+)/gm)) {
      expect(scripts).toContain(script?.replace(/^run /, ''));
    }
    const named = [...run.matchAll(/\(see ([^)\s]+)\)/g)].map((m) => m[1] as string);
    expect(named.filter((path) => !existsSync(join(ROOT, '.ci', path)))).toEqual([]);
  });
});

describe('docReferences', () => {
  it('reads files, npm scripts and code names from code spans, and leaves values, routes and build output alone', () => {
    const refs = docReferences(
      'Run `npm run golden:update -- <case>` or `npm test`; see `shared/render/README.md` and `frame-at.ts`; ' +
        '`frameAt(input, timeMs)`, `DATABASE_URL`, `done`, `/api/licenses`, `dist/extension`, `https://x.y/z`, `-EXPIRED`.',
    );
    expect(refs).toEqual([
      { kind: 'script', script: 'golden:update' },
      { kind: 'script', script: 'test' },
      { kind: 'path', path: 'shared/render/README.md' },
      { kind: 'path', path: 'frame-at.ts' },
      { kind: 'name', name: 'frameAt' },
      { kind: 'name', name: 'DATABASE_URL' },
    ]);
  });
});
