// Before each test file (every project): a share of the machine, or the machine alone for the files that run alone
// (tests/support/machine-share.ts); given back after the file's last afterAll.
import { afterAll, expect, inject } from 'vitest';
import { holdLock, noteWait, releaseHeldLock, runsAlone, shareMachine, takeMachine } from './machine-share';

const dir = inject('machineShareDir');
const testFile = expect.getState().testPath ?? '';
const alone = runsAlone(testFile);
const from = Date.now();
holdLock(dir, testFile, alone, await (alone ? takeMachine(dir) : shareMachine(dir)));
noteWait(dir, testFile, Date.now() - from);
afterAll(() => releaseHeldLock());
