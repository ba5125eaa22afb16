import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';

/** A folder that must not import from another (both repository-relative, no trailing slash). */
export interface ImportBoundary {
  readonly from: string;
  readonly to: string;
  readonly why: string;
  /** Files of `from` the boundary does not hold for (e.g. unit tests, which may take fixtures). */
  readonly except?: RegExp;
}

/** A unit test file. */
const UNIT_TEST = /\.test\.tsx?$/;

/**
 * The layering of the repository. shared/ is the pure core both sides use, and the only place the site and the
 * extension meet; the editor and the export meet only in the render engine (shared/render) and the page that
 * plugs the export's dialog into the editor (site/src/components/EditorPage.tsx); benchmarks may use tests'
 * fixtures, never the reverse, so `npm test` does not depend on bench/.
 */
export const IMPORT_BOUNDARIES: readonly ImportBoundary[] = [
  { from: 'site/src/editor', to: 'site/src/export', why: 'the editor and the export meet in shared/render' },
  { from: 'site/src/export', to: 'site/src/editor', why: 'the editor and the export meet in shared/render' },
  { from: 'site', to: 'extension', why: 'the site and the extension meet in shared/ (messages, recording format)' },
  { from: 'extension', to: 'site', why: 'the site and the extension meet in shared/ (messages, recording format)' },
  { from: 'site', to: 'bench', why: 'benchmarks are not part of the product' },
  { from: 'extension', to: 'bench', why: 'benchmarks are not part of the product' },
  { from: 'shared', to: 'bench', why: 'benchmarks are not part of the product' },
  {
    from: 'tests',
    to: 'bench',
    why: 'tests take fixtures and support from tests/; bench may import them, not the reverse',
  },
  { from: 'shared', to: 'site', why: 'shared/ is the pure core the site and the extension build on' },
  { from: 'shared', to: 'extension', why: 'shared/ is the pure core the site and the extension build on' },
  {
    from: 'shared',
    to: 'tests',
    why: 'shared/ is the pure core; only its unit tests take builders from tests/fixtures',
    except: UNIT_TEST,
  },
];

/** Folders whose source is checked, and the files in them that are source. */
const SOURCE_ROOTS = ['extension', 'site', 'shared', 'tests', 'bench', 'scripts'] as const;
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|js|astro)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.wxt', '.astro']);

/** One import of one file: the specifier as written and the repository path it resolves to (relative ones only). */
export interface ImportEdge {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly target: string;
}

// Static imports and re-exports (`from '…'`), side-effect imports, dynamic imports and worker URLs.
const SPECIFIER =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bnew\s+URL\s*\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g;

/** The relative imports in `source` (the text of repository file `file`), resolved to repository paths. */
export function importsOf(file: string, source: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (!specifier?.startsWith('.')) continue;
    const line = source.slice(0, match.index).split('\n').length;
    edges.push({ file, line, specifier, target: posix.normalize(posix.join(posix.dirname(file), specifier)) });
  }
  return edges;
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** The imports that cross a boundary, each with the boundary it crosses. */
export function boundaryViolations(
  edges: readonly ImportEdge[],
  boundaries: readonly ImportBoundary[] = IMPORT_BOUNDARIES,
): { edge: ImportEdge; boundary: ImportBoundary }[] {
  return edges.flatMap((edge) =>
    boundaries
      .filter(
        (boundary) =>
          isInside(edge.file, boundary.from) && isInside(edge.target, boundary.to) && !boundary.except?.test(edge.file),
      )
      .map((boundary) => ({ edge, boundary })),
  );
}

/** Every source file of the repository at `root` (its own folders, not installed packages or build output), as paths. */
export function repositorySources(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  for (const folder of SOURCE_ROOTS) walk(join(root, folder));
  return files;
}

/** Every relative import of the repository's source at `root`. */
export function repositoryImports(root: string): ImportEdge[] {
  return repositorySources(root).flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

/** "file:line imports 'specifier' (from → to: why)", one line per violation. */
export function describeViolation({ edge, boundary }: { edge: ImportEdge; boundary: ImportBoundary }): string {
  return `${edge.file}:${edge.line} imports '${edge.specifier}' (${boundary.from} → ${boundary.to}: ${boundary.why})`;
}

export const REPOSITORY_ROOT = join(dirname(new URL(import.meta.url).pathname), '../..');

const RESOLVED_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'] as const;

/** The source file an import's target names, given the repository's files (undefined for assets and packages). */
function resolveTarget(target: string, files: ReadonlySet<string>): string | undefined {
  for (const suffix of RESOLVED_SUFFIXES) {
    const candidate = `${target}${suffix}`;
    if (files.has(candidate)) return candidate;
  }
  // `./x.js` written for `./x.ts` (TypeScript's ESM spelling).
  const withoutJs = target.replace(/\.js$/, '');
  return withoutJs !== target ? resolveTarget(withoutJs, files) : undefined;
}

/**
 * The import circles among the edges' files: each a group of files that reach each other through imports (a strongly
 * connected component, found with Tarjan's algorithm), its paths sorted, so one circle is reported once.
 */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const files = new Set(edges.map((edge) => edge.file));
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const target = resolveTarget(edge.target, files);
    if (!target) continue;
    if (!next.has(edge.file)) next.set(edge.file, new Set());
    next.get(edge.file)?.add(target);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next.get(file)?.has(file)) groups.push(group.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Whether a file is a test's (a test file, or tests/ with its fixtures and support), not the product's code. */
function isTestCode(file: string): boolean {
  return file.startsWith('tests/') || /\.test\.tsx?$/.test(file);
}

/**
 * The folders of the product's code (tests aside) that import each other, each pair once as "a ↔ b" (sorted), given
 * the imports and every source file they may name: a folder is a concept, and two that need each other are one
 * concept split in two, or a third one shared by both.
 */
export function foldersImportingEachOther(edges: readonly ImportEdge[], sources: readonly string[]): string[] {
  const files = new Set(sources);
  const folderEdges = new Set<string>();
  for (const edge of edges) {
    const target = resolveTarget(edge.target, files);
    if (!target || isTestCode(edge.file) || isTestCode(target)) continue;
    const [from, to] = [posix.dirname(edge.file), posix.dirname(target)];
    if (from !== to) folderEdges.add(`${from} → ${to}`);
  }
  return [...folderEdges]
    .map((edge) => edge.split(' → ') as [string, string])
    .filter(([from, to]) => from < to && folderEdges.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`)
    .sort();
}

/** "a → b → a" for a circle: its files, back to the first (for a group of three or more, not necessarily the order
 * in which they import each other). */
export function describeCircle(circle: readonly string[]): string {
  return [...circle, circle[0]].join(' → ');
}
