import { readdir, readFile } from 'node:fs/promises';

/** CPU time (ms) so far of the Chromium this process launched. */
export interface ChromiumCpu {
  /** By process type: the browser, its GPU process, renderers, utilities. */
  readonly byProcessType: Readonly<Record<string, number>>;
  /** By renderer thread, keyed `name#tid` (several threads share a name). */
  readonly byRendererThread: Readonly<Record<string, number>>;
}

/** Linux's clock ticks (USER_HZ) in which /proc counts CPU time. */
const TICKS_PER_SECOND = 100;

/** A process's or thread's name, parent and CPU time so far, from its /proc …/stat line. */
function parseStat(stat: string): { name: string; ppid: number; cpuMs: number } {
  // Fields after the name (which may hold spaces) in parentheses: state ppid ... utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    ppid: Number(fields[1]),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
  };
}

/** Every process (pid, parent, Chromium process type), from /proc (none where there is none: no figures then). */
async function processes(): Promise<{ pid: number; ppid: number; cpuMs: number; type: string }[]> {
  const found = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const { ppid, cpuMs } = parseStat(await readFile(`/proc/${name}/stat`, 'utf8'));
      // Chromium rewrites its children's command lines into one string (its process title): read the type from it.
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
      found.push({ pid: Number(name), ppid, cpuMs, type });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** CPU time so far of the Chromium this process launched (every process under it), by process type and thread. */
export async function chromiumCpu(): Promise<ChromiumCpu> {
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
  const byProcessType: Record<string, number> = {};
  const byRendererThread: Record<string, number> = {};
  for (const p of all) {
    if (p.pid === process.pid || !mine.has(p.pid)) continue;
    byProcessType[p.type] = (byProcessType[p.type] ?? 0) + p.cpuMs;
    if (p.type !== 'renderer') continue;
    for (const tid of await readdir(`/proc/${p.pid}/task`).catch(() => [])) {
      try {
        const { name, cpuMs } = parseStat(await readFile(`/proc/${p.pid}/task/${tid}/stat`, 'utf8'));
        byRendererThread[`${name}#${tid}`] = cpuMs;
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return { byProcessType, byRendererThread };
}

/** The CPU time each key used between two readings, per `frames`, ms, largest first. */
export function cpuPerFrame(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
  frames: number,
): [string, number][] {
  return Object.entries(after)
    .map(([key, ms]): [string, number] => [key, (ms - (before[key] ?? 0)) / frames])
    .sort((a, b) => b[1] - a[1]);
}
