import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) used so far by every Chromium process on this machine, read from /proc; null where
 * there is no /proc. Differences around a step show what it cost the machine, whichever threads did the work
 * (decoder, encoder and painter run on different ones), which a wall clock alone hides on a saturated machine.
 */
export function browserCpuMs(): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
  let ticks = 0;
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]?.includes('chrom')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}
