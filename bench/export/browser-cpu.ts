import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) used so far by every Chromium process on this machine, read from /proc; null where
 * there is no /proc. Differences around a step show what it cost the machine, whichever threads did the work
 * (decoder, encoder and painter run on different ones), which a wall clock alone hides on a saturated machine.
 */
export function browserCpuMs(): number | null {
  let pids: string[];
  try {
    pids = chromiumPids();
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Chromium's CPU time per frame between two readings of browserCpuMs (NaN when they could not be read). */
export function cpuPerFrame(before: number | null, after: number | null, frames: number): number {
  return before === null || after === null ? Number.NaN : (after - before) / frames;
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

/** The Chromium processes running now (throws where there is no /proc). */
function chromiumPids(): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]?.includes('chrom') ?? false;
    } catch {
      return false;
    }
  });
}

/** A Chromium process's kind, from its `--type=` switch (renderer, gpu-process, utility; the browser has none). */
function processKind(pid: string): string {
  return /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
}

/**
 * Every Chromium thread's CPU time so far (ms), by thread id, with its name (digits dropped: pool threads share
 * one). A process's main thread carries the executable's name in every process, so it is named by the process's kind.
 */
function threadCpuMs(): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  let pids: string[] = [];
  try {
    pids = chromiumPids();
  } catch {
    // No /proc: nothing to tell.
  }
  for (const pid of pids) {
    try {
      const kind = processKind(pid);
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name =
          tid === pid ? `${kind} main` : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+/g, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads.set(tid, { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
      }
    } catch {
      // The process ended between listing and reading.
    }
  }
  return threads;
}

/**
 * Starts sampling the CPU time of every Chromium thread (every 50 ms, so a thread that ends before the step does
 * is still counted up to its last sample); `stop()` gives the CPU time (ms) spent during the step by thread name,
 * threads the step started apart ("name (new)": a worker's own, or an encoder's). Which threads do the extra
 * work of an export over encoding alone is what this tells.
 */
export function sampleThreadCpu(): { stop(): Map<string, number> } {
  const first = threadCpuMs();
  const last = new Map(first);
  const sample = () => {
    for (const [tid, thread] of threadCpuMs()) last.set(tid, thread);
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byName = new Map<string, number>();
      for (const [tid, thread] of last) {
        const before = first.get(tid);
        const name = before ? thread.name : `${thread.name} (new)`;
        byName.set(name, (byName.get(name) ?? 0) + thread.ms - (before?.ms ?? 0));
      }
      return byName;
    },
  };
}
