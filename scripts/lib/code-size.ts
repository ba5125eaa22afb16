import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repositorySources } from './import-boundaries';

/** Issue 38's limits: no file over 300 lines, no function over 80. */
export const SIZE_LIMITS = { fileLines: 300, functionLines: 80 } as const;

/** The folders whose code the limits hold for; tests, and the AssemblyScript kernels (lookup tables), stay aside. */
const CHECKED_FOLDERS = ['extension/', 'site/src/', 'shared/', 'scripts/', 'bench/'];
const SKIPPED = /\/assembly\/|\.test\.tsx?$/;

/** One file or function over its limit: `name` is `path` for a file, `path: function` for a function. */
export interface Oversize {
  readonly name: string;
  readonly lines: number;
}

/** The TypeScript sources the limits hold for, as repository paths. */
export function checkedSources(root: string): string[] {
  return repositorySources(root).filter(
    (path) => /\.tsx?$/.test(path) && CHECKED_FOLDERS.some((folder) => path.startsWith(folder)) && !SKIPPED.test(path),
  );
}

/** The function's name as a reader finds it: its own, its variable's or property's, else the named one around it. */
function functionName(node: ts.Node, around: string | undefined): string {
  const own = (node as { name?: ts.Node }).name;
  if (own && (ts.isIdentifier(own) || ts.isPrivateIdentifier(own))) return own.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return `a function inside ${around ?? 'the module'}`;
}

/** The file (when over its limit) and every function over its limit in `source`, the file at repository `path`. */
export function oversizes(path: string, source: string): Oversize[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line;
  const found: Oversize[] = [];
  const fileLines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  if (fileLines > SIZE_LIMITS.fileLines) found.push({ name: path, lines: fileLines });
  const visit = (node: ts.Node, around: string | undefined) => {
    let inside = around;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = functionName(node, around);
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1;
      if (lines > SIZE_LIMITS.functionLines) found.push({ name: `${path}: ${name}`, lines });
      inside = name;
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(file, undefined);
  return found;
}

/** Every file and function over its limit in the repository at `root`. */
export function repositoryOversizes(root: string): Oversize[] {
  return checkedSources(root).flatMap((path) => oversizes(path, readFileSync(join(root, path), 'utf8')));
}
