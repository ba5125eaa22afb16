import { isRecord } from './plain-objects';

/**
 * How a stored document changes between versions, declared the same way for each (recordings, saved edits, preset
 * files, the preferences kept in this browser): the field its version is kept in, the version this code writes, and
 * a step for each older version. Readers bring what they read up to date through `upgradeStored`, then validate it
 * with the document's schema. Versions count from 1.
 */
export interface StoredFormat {
  /** The field the version is kept in. */
  readonly versionField: string;
  /** The version this code writes. */
  readonly current: number;
  /**
   * The version a document without the field is read as, for a store that was kept before it had versions (the
   * preferences); without it, such a document is returned as it is, for validation to report.
   */
  readonly unversioned?: number;
  /** `steps[n]` turns a document of version n into version n + 1 (the version field is set after it). */
  readonly steps: Readonly<Record<number, (data: Record<string, unknown>) => Record<string, unknown>>>;
}

/** What reading found: the document at the current version, or made by a newer version of Clickreel (`newer`). */
export type Upgraded = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly newer: number };

/**
 * `data` brought up to `format.current`, step by step; a newer version is not read. Never throws: what is not a
 * document, or has no version, is returned as it is, for validation to report. Returns `data` itself when current.
 */
export function upgradeStored(format: StoredFormat, data: unknown): Upgraded {
  if (!isRecord(data)) return { ok: true, data };
  const version = data[format.versionField] ?? format.unversioned;
  // Versions count from 1: anything else is no version of this document (validation says so).
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return { ok: true, data };
  if (version > format.current) return { ok: false, newer: version };
  let document = data;
  for (let from = version; from < format.current; from++) {
    const step = format.steps[from];
    document = { ...(step ? step(document) : document), [format.versionField]: from + 1 };
  }
  return { ok: true, data: document };
}
