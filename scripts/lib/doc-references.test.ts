import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docReferences, hasSection, headingsOf, sectionReferences } from './doc-references';
import { docSamples, sampleErrors } from './doc-samples';

const ROOT = join(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|astro|sh)$/;
const TOP_FOLDERS = ['extension', 'site', 'scripts', 'shared'].map((folder) => join(ROOT, folder));

/** Every README of the repository (not those of installed packages or build output). */
function readmes(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (['node_modules', 'dist', '.git', '.wxt', '.astro', 'data'].includes(entry)) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return readmes(path);
    return entry === 'README.md' ? [relative(ROOT, path)] : [];
  });
}
const DOCS = readmes(ROOT);

/** The sections `text` (the file at repository path `file`) cites that are not headings where it says. */
function missingSections(file: string, text: string): string[] {
  return sectionReferences(text, file.endsWith('.md')).flatMap(({ doc, section }) => {
    const target =
      doc === null
        ? join(ROOT, file)
        : [dirname(join(ROOT, file)), ROOT].map((base) => join(base, doc)).find(existsSync);
    if (!target || !existsSync(target)) return [`${doc} (no such file), section ${section}`];
    return hasSection(headingsOf(readFileSync(target, 'utf8')), section)
      ? []
      : [`${relative(ROOT, target)}: section ${section}`];
  });
}

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
  const files = sourceFiles(ROOT);
  const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');

  it('every README is checked, wherever it is', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'extension/README.md', 'shared/recording/README.md']));
  });

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

    it(`${doc}: every section it cites`, () => {
      expect(missingSections(doc, readFileSync(join(ROOT, doc), 'utf8'))).toEqual([]);
    });
  }

  it('every TypeScript sample of a README compiles, its imports resolved from where the README is', () => {
    const docs = DOCS.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(docs.flatMap((doc) => docSamples(doc.text)).length).toBeGreaterThan(0);
    expect(sampleErrors(ROOT, docs)).toEqual([]);
  }, 60_000);

  it('comments in the code cite only sections that exist', () => {
    // This test and the module it tests cite missing sections on purpose, as examples.
    const checked = files.filter((file) => !/scripts\/lib\/doc-references(\.test)?\.ts$/.test(file));
    const missing = checked.flatMap((file) =>
      missingSections(relative(ROOT, file), readFileSync(file, 'utf8')).map(
        (problem) => `${relative(ROOT, file)}: ${problem}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('.ci/run: the commands it runs and the files it names', () => {
    const run = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    for (const [, script] of run.matchAll(/^npm (test|start|run [\w:-]+)/gm)) {
      expect(scripts).toContain(script?.replace(/^run /, ''));
    }
    const named = [...run.matchAll(/\(see ([^)\s]+)\)/g)].map((m) => m[1] as string);
    expect(named.filter((path) => !existsSync(join(ROOT, '.ci', path)))).toEqual([]);
  });
});

describe('sectionReferences', () => {
  it('reads "(see Section)", "README.md, Section" and the spec sections, and checks them against headings', () => {
    expect(
      sectionReferences(
        'checks it (see Production); which keys (README.md, Pro licenses: the API); (site/src/x/README.md, Storage)' +
          ' and (spec section 4), (spec/product.md section 9).',
      ),
    ).toEqual([
      { doc: null, section: 'Production' },
      { doc: 'README.md', section: 'Pro licenses' },
      { doc: 'site/src/x/README.md', section: 'Storage' },
      { doc: 'spec/product.md', section: '4.' },
      { doc: 'spec/product.md', section: '9.' },
    ]);
    const headings = headingsOf('# Title\n\n## Pro licenses\n\ntext\n### 4. States and transitions\n');
    expect(headings).toEqual(['Title', 'Pro licenses', '4. States and transitions']);
    expect(hasSection(headings, 'pro licenses')).toBe(true);
    expect(hasSection(headings, '4.')).toBe(true);
    expect(hasSection(headings, 'Licenses')).toBe(false);
  });
});

describe('docSamples and sampleErrors', () => {
  it('finds the ts and tsx fences and reports a sample that does not compile at its line in the document', () => {
    const doc = '# T\n\n```ts\nconst n: number = 1;\n```\n\n```sh\nls\n```\n\n```tsx\nconst s: string = 2;\n```\n';
    expect(docSamples(doc)).toEqual([
      { line: 3, language: 'ts', code: 'const n: number = 1;' },
      { line: 11, language: 'tsx', code: 'const s: string = 2;' },
    ]);
    expect(sampleErrors(ROOT, [{ path: 'scripts/lib/README.md', text: doc }])).toEqual([
      "scripts/lib/README.md:12: Type 'number' is not assignable to type 'string'.",
    ]);
  }, 60_000);
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
