import { describe, expect, test } from 'vitest';
import { decideRecovery } from './recovery';

describe('recovery on start-up', () => {
  test('keeps the live recording, recovers dead ones with video, drops empty ones, leaves finished ones', () => {
    const live = { sessionId: 'a', recorderAlive: true };
    expect(decideRecovery({ id: 'a', state: 'active' }, live, 3)).toBe('keep-running');
    expect(decideRecovery({ id: 'a', state: 'active' }, { ...live, recorderAlive: false }, 3)).toBe('recover');
    expect(decideRecovery({ id: 'b', state: 'active' }, live, 3)).toBe('recover');
    expect(decideRecovery({ id: 'b', state: 'active' }, live, 0)).toBe('discard');
    expect(decideRecovery({ id: 'c', state: 'finished' }, live, 3)).toBe('pending');
  });
});
