import { describe, expect, test } from 'vitest';
import { decideChunkReload, RELOAD_GUARD_WINDOW_MS } from './reload-guard';

describe('reload after a chunk load failure', () => {
  test('reloads once, then not again for the same path within 10 s', () => {
    const first = decideChunkReload({}, '/editor', 1_000);
    expect(first.reload).toBe(true);
    expect(decideChunkReload(first.log, '/editor', 1_000 + RELOAD_GUARD_WINDOW_MS - 1).reload).toBe(false);
    expect(decideChunkReload(first.log, '/recordings', 2_000).reload).toBe(true);
    expect(decideChunkReload(first.log, '/editor', 1_000 + RELOAD_GUARD_WINDOW_MS).reload).toBe(true);
  });
});
