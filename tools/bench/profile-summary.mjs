#!/usr/bin/env node
/**
 * Reads V8 CPU profiles (.cpuprofile, from `node --cpu-prof` or a cluster started with
 * TAAL_CPU_PROF_DIR) and prints where the time went: the share of samples per function by self
 * time, and per package or project folder by inclusive time (each folder counted once per stack).
 *
 * Usage: node tools/bench/profile-summary.mjs FILE.cpuprofile... [--top 25] [--from MS --until MS]
 *   --from/--until: only samples in that window of epoch milliseconds (e.g. a bench's measured window).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const top = Number(option('top', 25));
const from = Number(option('from', 0));
const until = Number(option('until', Infinity));

/** node_modules/<pkg> (or @scope/pkg), the project's packages/<x>, services/<x>, node's internals, or the frame's own kind. */
function areaOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url.split('/')[0];
  const m = /\/(packages|services)\/([^/]+)\//.exec(url);
  if (m) return `${m[1]}/${m[2]}`;
  return path.basename(url);
}

for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Sample times: startTime + cumulative deltas (microseconds).
  const self = new Map();
  const inclusive = new Map();
  const ownInclusive = new Map();
  let counted = 0;
  let t = profile.startTime;
  const wallEnd = profile.endTime;
  // The profile's clock is not the epoch: the file was written as the process stopped, at endTime.
  const epochOffset = statSync(file).mtimeMs * 1000 - wallEnd;
  const inWindow = (us) => {
    if (!from && until === Infinity) return true;
    const ms = (us + epochOffset) / 1000;
    return ms >= from && ms <= until;
  };
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (!inWindow(t)) return;
    const node = nodes.get(id);
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') return;
    counted++;
    const key = `${frame.functionName || '(anonymous)'} ${areaOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const seen = new Set();
    const seenOwn = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = nodes.get(n).callFrame;
      const area = areaOf(f.url, f.functionName);
      if (/^(packages|services)\//.test(area)) {
        const own = `${f.functionName || '(anonymous)'} ${area}/${path.basename(f.url)}:${f.lineNumber + 1}`;
        if (!seenOwn.has(own)) {
          seenOwn.add(own);
          ownInclusive.set(own, (ownInclusive.get(own) ?? 0) + 1);
        }
      }
      if (area === '(root)' || seen.has(area)) continue;
      seen.add(area);
      inclusive.set(area, (inclusive.get(area) ?? 0) + 1);
    }
  });
  const pct = (n) => `${((100 * n) / Math.max(1, counted)).toFixed(1).padStart(5)}%`;
  console.log(`\n== ${path.basename(file)}: ${counted} busy samples`);
  console.log('-- inclusive, by package or folder');
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
  console.log("-- inclusive, the project's own functions");
  for (const [k, v] of [...ownInclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
  console.log('-- self, by function');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
}
