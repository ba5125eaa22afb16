// A vitest reporter that says where a run's time goes, file by file: the wait before a file starts (a worker, its
// imports), its beforeAll/afterAll hooks, its tests, and the gap to the next file. `npm test` writes it to
// dist/test-timings.json and prints the slowest files, so the suite's time budget (15 min on 2 cores) is watched.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

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

  /** Where the timings go: CLICKREEL_TIMINGS_FILE, or dist/test-timings.json. */
  private readonly outputFile = process.env.CLICKREEL_TIMINGS_FILE ?? 'dist/test-timings.json';

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
    this.files.push({
      file: module.relativeModuleId,
      project: module.project.name,
      startedAt: this.started.get(module.moduleId) ?? 0,
      endedAt: Date.now() - this.runStart,
      collect: Math.round(diagnostic.collectDuration + diagnostic.setupDuration),
      hooks: this.hookTotals.get(module.moduleId) ?? 0,
      tests: Math.round(tests),
    });
  }

  onTestRunEnd(): void {
    const files = [...this.files].sort((a, b) => a.startedAt - b.startedAt);
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify({ wallMs: Date.now() - this.runStart, files }, null, 1)}\n`);
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const rows = [...files].sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt)).slice(0, 12);
    console.log(
      `\nSlowest files (s: whole file = collect + hooks + tests + worker; all timings in ${this.outputFile})`,
    );
    for (const f of rows) {
      console.log(
        `${seconds(f.endedAt - f.startedAt)} = ${seconds(f.collect)} + ${seconds(f.hooks)} + ${seconds(f.tests)}  ${f.file}`,
      );
    }
  }
}
