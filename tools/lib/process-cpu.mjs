import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Milliseconds per clock tick, the unit of /proc's CPU times (USER_HZ 100 on Linux). */
const TICK_MS = 10;

/**
 * CPU milliseconds (user + system) used so far by the processes `select` picks, from Linux /proc
 * (0 where there is none). `select` sees each process's pid, process group and command line.
 */
export function processCpuMs(select) {
  let total = 0;
  for (const p of processCpu(select)) total += p.cpuMs;
  return total;
}

/**
 * The same, per process: [{ pid, name, cpuMs }], `name` a short label from the command line (the
 * service or package whose script it runs, or the program's own name), to say where CPU went.
 */
export function processCpu(select) {
  const found = [];
  for (const pid of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = () => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!select({ pid: Number(pid), pgid: Number(fields[2]), cmdline })) continue;
      found.push({
        pid: Number(pid),
        name: labelOf(cmdline()),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/**
 * "… --target commerce" → "commerce" (the launcher's one-service process); ".../dist/all-in-one.js" →
 * "all-in-one" (the script a process runs); a program → its file name.
 */
function labelOf(cmdline) {
  const words = cmdline.trim().split(' ');
  const target = words.indexOf('--target');
  if (target !== -1 && words[target + 1]) return words[target + 1];
  const script = words.find((w) => w.endsWith('.js'));
  return path.basename(script ?? words[0] ?? '', '.js');
}

/**
 * The whole machine's CPU time so far (ms over all cores) that its host gave to others ("steal")
 * and that nobody used ("idle"), from /proc/stat (0 where there is none).
 */
export function machineCpuMs() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: (fields[3] ?? 0) * TICK_MS, steal: (fields[7] ?? 0) * TICK_MS };
  } catch {
    return { idle: 0, steal: 0 };
  }
}
