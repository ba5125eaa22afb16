import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingSchema } from '../../../shared/recording/recording';
import {
  click,
  cursorPath,
  recordingFixture,
  shortcut,
  typing,
} from '../../../tests/fixtures/builders/recording-fixture';
import { readRecordingRow } from './stored-recording';

const valid = recordingFixture({
  id: 'fuzz',
  cursor: cursorPath([
    { t: 0, x: 0.1, y: 0.2 },
    { t: 500, x: 0.6, y: 0.4 },
  ]),
  clicks: [click(300, 0.5, 0.5)],
  shortcuts: [shortcut(400, 'k', { ctrl: true })],
  typing: [typing(450)],
});
const validRow = {
  id: 'fuzz',
  recording: valid,
  chunkCounts: { video: 3, webcam: 0 },
  storedAt: '2026-11-22T00:00:00Z',
};

/** Replaces the value at a random path of `value` (or deletes it) with something arbitrary. */
function mutate(value: unknown, path: readonly number[], replacement: unknown, remove: boolean): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[(path[0] ?? 0) % keys.length] as string;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  if (remove && path.length === 1) delete copy[key];
  else copy[key] = mutate((value as Record<string, unknown>)[key], path.slice(1), replacement, remove);
  return copy;
}

const mutatedRows = fc
  .tuple(
    fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    fc.oneof(fc.anything(), fc.constant(null), fc.constant(undefined), fc.string(), fc.double()),
    fc.boolean(),
  )
  .map(([path, replacement, remove]) => mutate(validRow, path, replacement, remove));

test('the stored-recording reader never throws: 1000 random and mutated rows are valid or reported as damaged', () => {
  let seen = { valid: 0, damaged: 0 };
  fc.assert(
    fc.property(fc.oneof(mutatedRows, fc.anything()), (raw) => {
      const row = readRecordingRow(raw, 'key');
      if (row.state === 'valid') {
        seen = { ...seen, valid: seen.valid + 1 };
        expect(recordingSchema.safeParse(row.recording).success).toBe(true);
        expect(row.id).toBe(row.recording.id);
      } else {
        seen = { ...seen, damaged: seen.damaged + 1 };
        expect(row.problem.length).toBeGreaterThan(10);
        expect(row.name.length).toBeGreaterThan(0);
      }
    }),
    { numRuns: 1000 },
  );
  console.log(`stored-recording reader fuzz: ${seen.valid} valid, ${seen.damaged} damaged of 1000 rows`);
  expect(seen.valid + seen.damaged).toBe(1000);
  expect(seen.damaged).toBeGreaterThan(100);
});

test('the valid row itself reads as valid', () => {
  expect(readRecordingRow(validRow, 'fuzz')).toMatchObject({ state: 'valid', id: 'fuzz' });
});
