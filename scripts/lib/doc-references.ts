// What a README points at, read from its `code` spans: files and folders, npm scripts, and code names
// (constants, functions, types, environment variables). docs.test.ts checks that each one exists.

/** One thing a document names. */
export type DocReference =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'script'; readonly script: string }
  | { readonly kind: 'name'; readonly name: string };

/** Folders that exist only after a build or a run (not committed). */
const GENERATED = /^(dist|data|node_modules|\.wxt|\.astro|\.output)(\/|$)/;
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|json|md|sh|astro|css|html|example)$/;

/** The references in a document's `code` spans (deduplicated, in order). */
export function docReferences(markdown: string): DocReference[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => (m[1] ?? '').trim());
  const found = new Map<string, DocReference>();
  const add = (reference: DocReference) => found.set(JSON.stringify(reference), reference);
  for (const span of spans) {
    for (const [, script] of span.matchAll(/\bnpm run ([\w:-]+)/g)) if (script) add({ kind: 'script', script });
    const npm = /^npm (start|test)\b/.exec(span);
    if (npm?.[1]) add({ kind: 'script', script: npm[1] });
    if (/^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) && (span.includes('/') || FILE_EXTENSION.test(span))) {
      if (!GENERATED.test(span) && span !== '.env') add({ kind: 'path', path: span });
      continue;
    }
    // A code name: an identifier (or a call of one) with a capital or an underscore after its first letter;
    // plain words (`done`, `key`) are values, not names.
    const name = /^([A-Za-z_$][\w$]*)(\(.*\))?$/.exec(span)?.[1];
    if (name && /^.+[A-Z_]/.test(name) && !/^-/.test(span)) add({ kind: 'name', name });
  }
  return [...found.values()];
}

/** A section a text points at: a heading of `doc` (a repository path; null: the text's own document). */
export interface SectionReference {
  readonly doc: string | null;
  readonly section: string;
}

/**
 * The sections a text cites: `(see Production)` in a document (its own heading; in code it names code, so
 * `inDocument` false skips it), `README.md, Pro licenses` or
 * `site/src/recordings/README.md, …` anywhere (that README's heading, up to a colon or closing bracket), and
 * `spec section 4` or `spec/product.md section 4` (a numbered heading of spec/product.md).
 */
export function sectionReferences(text: string, inDocument = true): SectionReference[] {
  const found: SectionReference[] = [];
  const own = inDocument ? text.matchAll(/\(see ([A-Z][\w' -]*)\)/g) : [];
  for (const [, section] of own) found.push({ doc: null, section: section ?? '' });
  for (const [, doc, section] of text.matchAll(/\b((?:[\w.-]+\/)*README\.md), ([A-Z][\w' -]*)/g)) {
    found.push({ doc: doc ?? '', section: (section ?? '').trim() });
  }
  for (const [, number] of text.matchAll(/\bspec(?:\/product\.md)? sections? (\d+)/g)) {
    found.push({ doc: 'spec/product.md', section: `${number}.` });
  }
  return found;
}

/** A markdown document's headings, without their hashes. */
export function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1] ?? '');
}

/** Whether `section` names one of `headings` (a numbered reference `4.` matches the heading that starts so). */
export function hasSection(headings: readonly string[], section: string): boolean {
  const wanted = section.toLowerCase();
  return headings.some((heading) =>
    /^\d+\.$/.test(section) ? heading.startsWith(section) : heading.toLowerCase() === wanted,
  );
}
