// The run's folder for the machine-share lock (tests/support/machine-share.ts), made before any project starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's test files take their share of the machine, or the machine alone. */
    machineShareDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'clickreel-machine-share-'));
  project.provide('machineShareDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
