#!/usr/bin/env node
/**
 * Search on a grown demo catalogue (issue 24; decision 0031): starts the all-in-one once (its
 * migrations and demo data), stops it, grows the demo catalogue in its embedded database to
 * `--courses` courses (default 10,000: titles, descriptions and instructors drawn from word
 * lists, a tenth in Bengali, nine in ten published; the search columns fill themselves, being
 * generated), starts it again and times GET /api/v1/search?q=… for a mix of queries (words,
 * prefixes, typos, Bengali with and without vowel signs, instructor names, nothing found).
 *
 * Reports p50 / p99 / max of one visitor's requests in turn (`--requests`, after a warm-up),
 * then of `--connections` at once, against the 50 ms p99 target.
 *
 *   node tools/bench/search.mjs [--courses 10000] [--requests 2000] [--connections 8] [--keep <dir>]
 *
 * `--keep <dir>` leaves the grown DATA_DIR there (start it with DATA_DIR=<dir> npm start).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const COURSES = Number(argOf('courses') ?? 10_000);
const REQUESTS = Number(argOf('requests') ?? 2000);
const CONNECTIONS = Number(argOf('connections') ?? 8);
const keep = argOf('keep');
const TARGET_P99_MS = 50;

const work = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'taal-bench-search-'));
const dataDir = keep ? work : path.join(work, 'data');

// ---- The all-in-one ----

let child;
async function startTaal(port) {
  child = spawn(process.execPath, [path.join(root, 'packages/launcher/dist/all-in-one.js')], {
    // Thousands of searches from this one address: the per-address limit (decision 0038) is off. Search's
    // turn stays (one at a time, as the embedded database runs them anyway), with a wait long enough
    // for --connections searches in a row, so the load phase measures queueing, not refusals.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_MAX_PER_ADDRESS: '0', SEARCH_QUEUE_MS: '1500' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (res?.status === 200) return;
    if (child.exitCode !== null) throw new Error(`the all-in-one exited (${child.exitCode})`);
    if (Date.now() > until) throw new Error('the all-in-one was not healthy within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function stopTaal() {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// ---- The generator ----

const ADJECTIVES = ['Complete', 'Practical', 'Modern', 'Essential', 'Creative', 'Fast-Track', 'Weekend', 'Everyday', 'Studio', 'Stage-Ready', 'Classic', 'Soulful'];
const SUBJECTS = {
  Guitar: ['Blues Guitar', 'Fingerpicking', 'Rock Riffs', 'Acoustic Strumming', 'Lead Guitar Solos', 'Jazz Guitar Chords', 'Folk Guitar'],
  'Bass Guitar': ['Walking Bass', 'Funk Bass', 'Slap Bass', 'Bass Grooves', 'Fretless Bass'],
  Drums: ['Drum Fills', 'Rock Drumming', 'Jazz Brushes', 'Double Bass Drumming', 'Tabla Rhythms', 'Groove Drumming'],
  'Piano & Keyboard': ['Piano Chords', 'Classical Piano', 'Synth Keyboard', 'Jazz Piano Voicings', 'Sight Reading'],
  'Sound Engineering': ['Mixing Vocals', 'Mastering for Streaming', 'Home Studio Recording', 'Live Sound', 'Podcast Production'],
};
const ENDINGS = ['Bootcamp', 'Masterclass', 'Workshop', 'for Beginners', 'in 30 Days', 'Deep Dive', 'Foundations', 'Techniques'];
const BENGALI = {
  Guitar: ['গিটার শেখা', 'অ্যাকোস্টিক গিটার', 'লিড গিটার', 'গিটারের কর্ড'],
  'Bass Guitar': ['বেজ গিটার', 'বেজের গ্রুভ'],
  Drums: ['ড্রামস শেখা', 'তবলা ও ড্রামস', 'ড্রামের ছন্দ'],
  'Piano & Keyboard': ['পিয়ানো শেখা', 'কিবোর্ডের কর্ড'],
  'Sound Engineering': ['মিক্সিং ও মাস্টারিং', 'হোম স্টুডিও রেকর্ডিং'],
};
const BENGALI_ENDINGS = ['সহজ পাঠ', 'প্রথম থেকে', 'পূর্ণ কোর্স', 'অনুশীলন'];
const FIRST = ['Rafiq', 'Sumaiya', 'Imran', 'Tahmina', 'Shafin', 'Mithila', 'Zubair', 'Nusrat', 'Rakib', 'Farzana', 'Sabbir', 'Ayesha'];
const LAST = ['Ahmed', 'Islam', 'Haque', 'Sarkar', 'Chowdhury', 'Rahman', 'Karim', 'Siddique'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];
const FILLER =
  'Short video lessons, practice routines with a metronome, play-along tracks and feedback on your recordings. ' +
  'Each week builds on the last: technique, timing, tone and songs you already know.';

/** A deterministic pseudo-random sequence (the same catalogue every run). */
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function grow() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(dataDir, 'postgres'), { extensions: { pg_trgm } });
  try {
    const pick = random(24);
    const one = (list) => list[Math.floor(pick() * list.length)];
    const existing = Number((await db.query('SELECT count(*)::int AS n FROM catalogue.course')).rows[0].n);
    await db.exec('BEGIN');
    const instructors = [];
    for (let n = 0; n < 40; n++) {
      const id = `00000000-0000-4000-8100-${String(n).padStart(12, '0')}`;
      instructors.push(id);
      await db.query(
        `INSERT INTO catalogue.instructor (id, name, bio, band, published, percentage) VALUES ($1, $2, $3, $4, true, 50) ON CONFLICT (id) DO NOTHING`,
        [id, `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`, `Teaches ${one(Object.keys(SUBJECTS)).toLowerCase()} online and on stage.`, `Band ${n}`],
      );
    }
    const categories = Object.keys(SUBJECTS);
    const rows = [];
    for (let n = existing; n < COURSES; n++) {
      const category = one(categories);
      const bengali = pick() < 0.1;
      const title = bengali ? `${one(BENGALI[category])}: ${one(BENGALI_ENDINGS)}` : `${one(ADJECTIVES)} ${one(SUBJECTS[category])} ${one(ENDINGS)}`;
      const description = `<p>${title}. ${bengali ? `${one(BENGALI[category])} — ধাপে ধাপে ভিডিও পাঠ ও অনুশীলন।` : ''} ${FILLER}</p>`;
      const taka = 1000 + Math.floor(pick() * 40) * 100;
      rows.push([`00000000-0000-4000-9100-${String(n).padStart(12, '0')}`, title, `${one(LEVELS)} ${category.toLowerCase()}`, description, category, one(LEVELS), one(instructors), taka * 100, pick() < 0.9, Math.floor(pick() * 500)]);
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const values = chunk.map((_, j) => `($${j * 10 + 1}, $${j * 10 + 2}, $${j * 10 + 3}, $${j * 10 + 4}, 8, $${j * 10 + 5}, $${j * 10 + 6}, $${j * 10 + 7},
        $${j * 10 + 8}, $${j * 10 + 8}, 30, $${j * 10 + 8}, $${j * 10 + 8}, 30, $${j * 10 + 8}, $${j * 10 + 8}, 90, $${j * 10 + 8}, $${j * 10 + 8}, 365,
        $${j * 10 + 9}, $${j * 10 + 10}, '/assets/demo/courses/guitar.svg')`);
      await db.query(
        `INSERT INTO catalogue.course (id, title, subtitle, description, course_hours, category, level, instructor_id,
           price, old_price, validity_days, silver_price, silver_old_price, silver_validity, gold_price, gold_old_price, gold_validity,
           diamond_price, diamond_old_price, diamond_validity, published, sold, thumbnail)
         VALUES ${values.join(', ')} ON CONFLICT (id) DO NOTHING`,
        chunk.flat(),
      );
    }
    await db.exec('COMMIT');
    await db.exec('ANALYZE catalogue.course; ANALYZE catalogue.instructor; ANALYZE catalogue.freebie');
    return Number((await db.query('SELECT count(*)::int AS n FROM catalogue.course')).rows[0].n);
  } finally {
    await db.close();
  }
}

// ---- The benchmark ----

const QUERIES = ['guitar', 'mastring', 'গিটার', 'গটর', 'drum fills', 'piano chords', 'funk', 'Tanvir', 'mixing vocals', 'gu', 'blues gitar', 'ড্রামস', 'মিক্সিং', 'tabla', 'zzqxv', 'jazz', 'home studio', 'slap bass', 'Rahman', 'fingerpicking'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeOne(base, q) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}`);
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`q=${q}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, hits: body.data.courses.length + body.data.instructors.length + body.data.freebies.length };
}

function concurrent(base) {
  return new Promise((resolve, reject) => {
    let i = 0;
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        amount: REQUESTS,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/v1/search?q=${encodeURIComponent(QUERIES[i++ % QUERIES.length])}` }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${result.non2xx} non-2xx, ${result.errors} errors`));
        resolve({ p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, rps: result.requests.average });
      },
    );
  });
}

const exit = async (code) => {
  await stopTaal();
  if (!keep) rmSync(work, { recursive: true, force: true });
  process.exit(code);
};
process.on('SIGINT', () => void exit(130));

try {
  const port = 18980 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  await startTaal(port);
  await stopTaal();
  const growStarted = Date.now();
  const courses = await grow();
  console.log(`catalogue grown to ${courses} courses in ${((Date.now() - growStarted) / 1000).toFixed(1)} s`);
  await startTaal(port);

  const perQuery = new Map(QUERIES.map((q) => [q, []]));
  const hits = new Map();
  for (let i = 0; i < 100; i++) await timeOne(base, QUERIES[i % QUERIES.length]); // warm-up
  const all = [];
  for (let i = 0; i < REQUESTS; i++) {
    const q = QUERIES[i % QUERIES.length];
    const { ms, hits: n } = await timeOne(base, q);
    all.push(ms);
    perQuery.get(q).push(ms);
    hits.set(q, n);
  }
  all.sort((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`\none visitor, ${REQUESTS} requests in turn over ${QUERIES.length} queries (${courses} courses):`);
  console.log(`  p50 ${fmt(percentile(all, 50))}   p99 ${fmt(percentile(all, 99))}   max ${fmt(all.at(-1))}   (target p99 < ${TARGET_P99_MS} ms)`);
  for (const [q, times] of perQuery) {
    times.sort((a, b) => a - b);
    console.log(`  ${q.padEnd(14)} hits ${String(hits.get(q)).padStart(2)}   p50 ${fmt(percentile(times, 50))}   p99 ${fmt(percentile(times, 99))}`);
  }
  const load = await concurrent(base);
  console.log(`\n${CONNECTIONS} connections at once, ${REQUESTS} requests: p50 ${load.p50} ms   p99 ${load.p99} ms   max ${load.max} ms   ${Math.round(load.rps)} req/s`);
  console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  const p99 = percentile(all, 99);
  console.log(`\n${p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'}: p99 of one visitor ${fmt(p99)} against ${TARGET_P99_MS} ms on ${courses} courses`);
  await exit(p99 < TARGET_P99_MS ? 0 : 1);
} catch (err) {
  console.error(err);
  await exit(1);
}
