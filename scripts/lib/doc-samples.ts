// The TypeScript samples of the repository's documents, compiled as the code is: a sample is written as a file
// beside its README (in memory only), so its relative imports resolve as they would for a reader, and type-checked
// with the repository's compiler options. A sample names what it assumes with `declare const`.
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** One fenced TypeScript sample of a document. */
export interface DocSample {
  /** The line its fence opens on, 1-based. */
  readonly line: number;
  readonly language: 'ts' | 'tsx';
  readonly code: string;
}

/** The ```ts and ```tsx fences of a markdown document, in order. */
export function docSamples(markdown: string): DocSample[] {
  const samples: DocSample[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|tsx|typescript)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
    if (end < 0) break;
    samples.push({
      line: i + 1,
      language: open[1] === 'tsx' ? 'tsx' : 'ts',
      code: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return samples;
}

/**
 * The compiler's errors for each document's samples, as `README.md:LINE: message` (the line in the document).
 * `docs` are repository paths of markdown files with their text; `root` is the repository (its tsconfig.json).
 */
export function sampleErrors(root: string, docs: readonly { path: string; text: string }[]): string[] {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  // Each sample a module of its own (top-level await and imports), named after its document and line.
  const virtual = new Map<string, { doc: string; sample: DocSample }>();
  for (const doc of docs) {
    for (const sample of docSamples(doc.text)) {
      const file = resolve(root, dirname(doc.path), `__doc-sample-${sample.line}.${sample.language}`);
      virtual.set(file, { doc: doc.path, sample });
    }
  }
  if (virtual.size === 0) return [];
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const moduleText = (file: string) => `${virtual.get(file)?.sample.code ?? ''}\nexport {};\n`;
  host.fileExists = (file) => virtual.has(resolve(file)) || fileExists(file);
  host.readFile = (file) => (virtual.has(resolve(file)) ? moduleText(resolve(file)) : readFile(file));
  host.getSourceFile = (file, language, onError, create) =>
    virtual.has(resolve(file))
      ? ts.createSourceFile(file, moduleText(resolve(file)), language, true)
      : getSourceFile(file, language, onError, create);
  const program = ts.createProgram([...virtual.keys()], { ...options, noEmit: true }, host);
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const file = diagnostic.file && virtual.get(resolve(diagnostic.file.fileName));
    if (!file || diagnostic.start === undefined || !diagnostic.file) return [];
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return [`${file.doc}:${file.sample.line + 1 + line}: ${message}`];
  });
}
