import { readdir, readFile } from 'node:fs/promises';

/** CPU time (ms) each process type of a Chromium used so far: the browser, its GPU process, renderers, utilities. */
export type CpuByType = Record<string, number>;

/** Linux's clock ticks (USER_HZ) in which /proc counts CPU time. */
const TICKS_PER_SECOND = 100;

interface ProcessCpu {
  readonly pid: number;
  readonly ppid: number;
  readonly cpuMs: number;
  /** Chromium's process type (--type=…), or 'browser' for the one without. */
  readonly type: string;
}

/** Every process's CPU time so far, from /proc (none where there is no /proc: the figures are then left out). */
async function processes(): Promise<ProcessCpu[]> {
  const found: ProcessCpu[] = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) in parentheses: state ppid ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Chromium rewrites its children's command lines into one string (its process title): read the type from it.
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
      found.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
        type,
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The processes under this one (the Chromium it launched and that browser's children). */
async function chromiumProcesses(): Promise<ProcessCpu[]> {
  const all = await processes();
  const mine = new Set<number>([process.pid]);
  // Parents before children is not guaranteed in /proc order: repeat until nothing new joins.
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of all) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grown = true;
      }
    }
  }
  return all.filter((p) => p.pid !== process.pid && mine.has(p.pid));
}

/** CPU time so far of the Chromium this process launched (every process under it), by process type. */
export async function chromiumCpu(): Promise<CpuByType> {
  const byType: CpuByType = {};
  for (const p of await chromiumProcesses()) {
    byType[p.type] = (byType[p.type] ?? 0) + p.cpuMs;
  }
  return byType;
}

/** CPU time so far (ms) of each named thread of the renderer processes of the Chromium this process launched. */
export async function rendererThreadCpu(): Promise<Record<string, number>> {
  const byName: Record<string, number> = {};
  for (const p of await chromiumProcesses()) {
    if (p.type !== 'renderer') continue;
    for (const tid of await readdir(`/proc/${p.pid}/task`).catch(() => [])) {
      try {
        const stat = await readFile(`/proc/${p.pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
        byName[`${name}#${tid}`] = ms;
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return byName;
}
