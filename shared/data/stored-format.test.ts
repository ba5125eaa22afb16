import { expect, test } from 'vitest';
import { type StoredFormat, upgradeStored } from './stored-format';

const FORMAT: StoredFormat = {
  versionField: 'v',
  current: 3,
  steps: {
    1: ({ name, ...rest }) => ({ ...rest, title: name }),
    2: (data) => ({ ...data, tags: [] }),
  },
};

test('an old document is brought up step by step to the current version; a current one is left as it is', () => {
  expect(upgradeStored(FORMAT, { v: 1, name: 'Demo' })).toEqual({ ok: true, data: { v: 3, title: 'Demo', tags: [] } });
  expect(upgradeStored(FORMAT, { v: 2, title: 'Demo' })).toEqual({ ok: true, data: { v: 3, title: 'Demo', tags: [] } });
  const current = { v: 3, title: 'Demo', tags: [] };
  expect(upgradeStored(FORMAT, current)).toEqual({ ok: true, data: current });
  expect((upgradeStored(FORMAT, current) as { data: unknown }).data).toBe(current);
});

test('a newer version is named, not read; what is not a versioned document is left for validation', () => {
  expect(upgradeStored(FORMAT, { v: 4 })).toEqual({ ok: false, newer: 4 });
  expect(upgradeStored(FORMAT, 'text')).toEqual({ ok: true, data: 'text' });
  expect(upgradeStored(FORMAT, { title: 'no version' })).toEqual({ ok: true, data: { title: 'no version' } });
  // Versions count from 1: a version 0 or below is not one (nor stepped through, however far below).
  for (const v of [0, -1, Number.MIN_SAFE_INTEGER])
    expect(upgradeStored(FORMAT, { v })).toEqual({ ok: true, data: { v } });
});
