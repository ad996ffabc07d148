import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * CPU milliseconds (user + system) used so far by the processes `select` picks, from Linux /proc
 * (0 where there is none). `select` sees each process's pid, process group and command line.
 */
export function processCpuMs(select) {
  const tick = 10; // ms per clock tick (USER_HZ 100 on Linux)
  let total = 0;
  for (const pid of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = () => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!select({ pid: Number(pid), pgid: Number(fields[2]), cmdline })) continue;
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}
