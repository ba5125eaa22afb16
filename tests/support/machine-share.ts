// Two test files run at once (two cores), except while one of them needs the machine to itself: a test that measures
// time or memory, or that changes state every other file reads. A readers-writer lock across vitest's worker
// processes, kept as files in the run's folder: every file holds a share of the machine while it runs; a file (or a
// stretch of one) that must run alone takes the machine, which waits for every share to end and holds off new ones.
// A process that died leaves its files behind: they name its pid, and a waiter drops them.
import { appendFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The files that run alone, and why. */
export const FILES_RUN_ALONE: Readonly<Record<string, string>> = {
  'export-streaming.test.ts': 'measures the renderer’s memory while it exports',
  'editor.test.ts': 'plays the preview and holds the playhead against the wall clock',
  'export-recorded.test.ts': 'records a tab and holds how long before its stamp each frame was drawn (under a second)',
  'timeline.test.ts': 'times a scrub from the pointer to the paint',
  'recording.test.ts': 'records tabs in real time and holds their length against the wall clock',
  'crashes.test.ts': 'records tabs in real time and holds their length against the wall clock',
  'license-api.test.ts': 'makes the shared provider sandbox fail for every file',
  'licenses.test.ts': 'makes the shared provider sandbox fail for every file',
};

/**
 * The files that take the machine alone for a stretch only (`withMachineAlone`), while they record. One is enough: two
 * such files side by side each wait for the other's whole file (a taker holds off new shares while it waits).
 */
export const FILES_WITH_ALONE_STRETCHES: readonly string[] = ['real-pointer.test.ts'];

const ALONE = 'alone';
const POLL_MS = 100;
let sequence = 0;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file names: shares are `share-<pid>-<n>`, a lock file holds its owner's pid. */
function ownerOf(dir: string, name: string): number | null {
  if (name.startsWith('share-')) return Number(name.split('-')[1]);
  try {
    return Number(readFileSync(join(dir, name), 'utf8'));
  } catch {
    return null;
  }
}

/** Drops lock files whose process is gone; returns the names of the live ones. */
function liveLocks(dir: string): string[] {
  return readdirSync(dir).filter((name) => {
    if (name !== ALONE && !name.startsWith('share-')) return true;
    const pid = ownerOf(dir, name);
    if (pid === null || pid === process.pid || isAlive(pid)) return true;
    rmSync(join(dir, name), { force: true });
    return false;
  });
}

/** Waits until no one has the machine alone, then holds a share of it; resolves with the share's release. */
export async function shareMachine(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const share = join(dir, `share-${process.pid}-${sequence++}`);
  for (;;) {
    while (liveLocks(dir).includes(ALONE)) await sleep(POLL_MS);
    writeFileSync(share, '');
    // Taken alone between the look and the write: step back and wait (the taker may have seen no share yet).
    if (!liveLocks(dir).includes(ALONE)) return () => rmSync(share, { force: true });
    rmSync(share, { force: true });
  }
}

/**
 * Takes the lock file `path` (one holder at a time across processes; a dead holder's lock is dropped); resolves with
 * its release.
 */
export async function takeLockFile(path: string): Promise<() => void> {
  const claim = `${path}-claim-${process.pid}-${sequence++}`;
  writeFileSync(claim, String(process.pid));
  try {
    for (;;) {
      try {
        // A hard link is made whole or not at all: the lock appears with its owner's pid in it.
        linkSync(claim, path);
        return () => rmSync(path, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = ownerOf(dirname(path), basename(path));
        if (owner !== null && owner !== process.pid && !isAlive(owner)) rmSync(path, { force: true });
        await sleep(POLL_MS);
      }
    }
  } finally {
    rmSync(claim, { force: true });
  }
}

/** Runs `work` holding the lock file `path`. */
export async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const release = await takeLockFile(path);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Takes the machine alone: waits for the one who has it, holds off new shares, waits for the shares to end. */
export async function takeMachine(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const release = await takeLockFile(join(dir, ALONE));
  while (liveLocks(dir).some((name) => name.startsWith('share-'))) await sleep(POLL_MS);
  return release;
}

/** The file where a run's waits for the machine are noted (the timing reporter adds them up per test file). */
export function waitsFile(dir: string): string {
  return join(dir, 'waits.jsonl');
}

/** Notes that `testFile` waited `ms` for the machine (a share or the machine alone). */
export function noteWait(dir: string, testFile: string, ms: number): void {
  appendFileSync(waitsFile(dir), `${JSON.stringify({ file: testFile, ms: Math.round(ms) })}\n`);
}

/** The browser test file's name of `testFile` (a path), or null for a file of another project. */
function browserTestName(testFile: string): string | null {
  return /[\\/]tests[\\/]browser[\\/]/.test(testFile) ? basename(testFile) : null;
}

/** Whether `testFile` (a path) runs alone. */
export function runsAlone(testFile: string): boolean {
  const name = browserTestName(testFile);
  return name !== null && name in FILES_RUN_ALONE;
}

/** Whether `testFile` (a path) runs alone for a stretch. */
export function hasAloneStretch(testFile: string): boolean {
  const name = browserTestName(testFile);
  return name !== null && FILES_WITH_ALONE_STRETCHES.includes(name);
}

/** The lock this test file holds (taken by tests/support/machine-share-setup.ts). */
let held: { dir: string; testFile: string; alone: boolean; release: () => void } | null = null;

export function holdLock(dir: string, testFile: string, alone: boolean, release: () => void): void {
  held = { dir, testFile, alone, release };
}

export function releaseHeldLock(): void {
  held?.release();
  held = null;
}

/**
 * Runs `stretch` with the machine to itself: this file's share is given up, the machine taken, and the share taken
 * again after. The wait is for the other file running now to finish: keep the caller's timeout a guard against a hang.
 */
export async function withMachineAlone<T>(stretch: () => Promise<T>): Promise<T> {
  if (!held || held.alone) return stretch();
  const { dir, testFile } = held;
  releaseHeldLock();
  let from = Date.now();
  const release = await takeMachine(dir);
  noteWait(dir, testFile, Date.now() - from);
  try {
    return await stretch();
  } finally {
    release();
    from = Date.now();
    holdLock(dir, testFile, false, await shareMachine(dir));
    noteWait(dir, testFile, Date.now() - from);
  }
}
