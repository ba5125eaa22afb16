// A vitest reporter that says where a run's time goes, file by file: the wait before a file starts (a worker, its
// imports), its beforeAll/afterAll hooks, its tests, and the gap to the next file. `npm test` writes it to
// dist/test-timings.json and prints the slowest files, so the suite's time budget (15 min on 2 cores) is watched.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { waitsFile } from './machine-share';

interface FileTiming {
  file: string;
  project: string;
  /** Wall-clock ms since the run started: the file was handed to a worker, and it ended. */
  startedAt: number;
  endedAt: number;
  /** Importing the file and what it imports (ms). */
  collect: number;
  /** beforeAll and afterAll hooks, and the tests (ms). */
  hooks: number;
  tests: number;
  /** Of all that, the time spent waiting for the file beside it (tests/support/machine-share.ts), ms. */
  waitedForMachine: number;
}

type HookEntity = Parameters<NonNullable<Reporter['onHookStart']>>[0]['entity'];

function moduleOf(entity: HookEntity): TestModule {
  return entity.type === 'module' ? entity : entity.module;
}

export default class TimingReporter implements Reporter {
  private readonly runStart = Date.now();
  private readonly started = new Map<string, number>();
  private readonly hookStarts = new Map<HookEntity, number>();
  private readonly hookTotals = new Map<string, number>();
  private readonly files: FileTiming[] = [];
  private vitest: Vitest | null = null;
  private readonly moduleIds = new Map<FileTiming, string>();

  /** Where the timings go: CLICKREEL_TIMINGS_FILE, or dist/test-timings.json. */
  private readonly outputFile = process.env.CLICKREEL_TIMINGS_FILE ?? 'dist/test-timings.json';

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  /** Each test file's waits for the machine (ms), by absolute path. */
  private machineWaits(): Map<string, number> {
    const waits = new Map<string, number>();
    const dir = this.vitest?.getRootProject().getProvidedContext().machineShareDir;
    if (!dir || !existsSync(waitsFile(dir))) return waits;
    for (const line of readFileSync(waitsFile(dir), 'utf8').split('\n').filter(Boolean)) {
      const { file, ms } = JSON.parse(line) as { file: string; ms: number };
      waits.set(file, (waits.get(file) ?? 0) + ms);
    }
    return waits;
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, Date.now() - this.runStart);
  }

  onHookStart({ name, entity }: Parameters<NonNullable<Reporter['onHookStart']>>[0]): void {
    if (name === 'beforeAll' || name === 'afterAll') this.hookStarts.set(entity, Date.now());
  }

  onHookEnd({ name, entity }: Parameters<NonNullable<Reporter['onHookEnd']>>[0]): void {
    const from = this.hookStarts.get(entity);
    if ((name !== 'beforeAll' && name !== 'afterAll') || from === undefined) return;
    this.hookStarts.delete(entity);
    const id = moduleOf(entity).moduleId;
    this.hookTotals.set(id, (this.hookTotals.get(id) ?? 0) + Date.now() - from);
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    let tests = 0;
    for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
    const timing: FileTiming = {
      file: module.relativeModuleId,
      project: module.project.name,
      startedAt: this.started.get(module.moduleId) ?? 0,
      endedAt: Date.now() - this.runStart,
      collect: Math.round(diagnostic.collectDuration + diagnostic.setupDuration),
      hooks: this.hookTotals.get(module.moduleId) ?? 0,
      tests: Math.round(tests),
      waitedForMachine: 0,
    };
    this.files.push(timing);
    this.moduleIds.set(timing, module.moduleId);
  }

  onTestRunEnd(): void {
    const waits = this.machineWaits();
    for (const f of this.files) f.waitedForMachine = waits.get(this.moduleIds.get(f) ?? '') ?? 0;
    const files = [...this.files].sort((a, b) => a.startedAt - b.startedAt);
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify({ wallMs: Date.now() - this.runStart, files }, null, 1)}\n`);
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const rows = [...files].sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt)).slice(0, 12);
    console.log(
      `\nSlowest files (s: whole file = collect + hooks + tests + worker, of which waiting for the file beside it; all timings in ${this.outputFile})`,
    );
    for (const f of rows) {
      console.log(
        `${seconds(f.endedAt - f.startedAt)} = ${seconds(f.collect)} + ${seconds(f.hooks)} + ${seconds(f.tests)}, waited ${seconds(f.waitedForMachine)}  ${f.file}`,
      );
    }
  }
}
