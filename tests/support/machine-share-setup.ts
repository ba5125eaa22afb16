// Before each test file (every project): a share of the machine, or the machine alone for the files that run alone
// (tests/support/machine-share.ts); given back after the file's last afterAll.
import { afterAll, expect, inject } from 'vitest';
import { holdLock, releaseHeldLock, runsAlone, shareMachine, takeMachine } from './machine-share';

const dir = inject('machineShareDir');
const alone = runsAlone(expect.getState().testPath ?? '');
holdLock(dir, alone, await (alone ? takeMachine(dir) : shareMachine(dir)));
afterAll(() => releaseHeldLock());
