#!/usr/bin/env node
/**
 * A mass mail to N recipients on a cluster, through a kill of messaging half-way (issue 51 item 6,
 * decision 0088):
 *
 *   npm run bench:mass-mail [-- --recipients 100000] [--window 4] [--kill-at 0.5]
 *
 * Starts a cluster (tools/testing/cluster.ts: one process per service, restarted by its supervisor,
 * a fresh database) on tools/infra's servers (`source ~/.cache/taal/infra/env.sh`; built code: `npm run
 * build`), seeds N users with the scale seed (every seeded account is verified, so the `verified-user`
 * audience is the N seeded users and the 4 demo accounts), sends a mass mail to `verified-user`, SIGKILLs
 * messaging once half the audience was sent, lets the supervisor start it again, waits for the end,
 * then counts the SMTP sink's .eml files (SMTP_MAILDIR) of the mail's subject per address: every
 * address exactly once, but an uncertain one (decision 0019), which is reported. Prints the rate
 * (mails/s) before and after the kill and the total time; removes the .eml files it made.
 */
import { createRequire } from 'node:module';
import { openSync, readSync, closeSync, readdirSync, unlinkSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedScale } from '../scale/seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
// The project's TypeScript test helpers, compiled on require by swc (as jest's transform does).
const { transformSync } = require('@swc/core');
require.extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } });
  module._compile(code, filename);
};
const { startTestCluster, isAlive } = require(path.join(root, 'tools/testing/cluster.ts'));

const { values } = parseArgs({ options: { recipients: { type: 'string', default: '100000' }, 'kill-at': { type: 'string', default: '0.5' }, window: { type: 'string' } } });
const N = Number(values.recipients);
const killAt = Number(values['kill-at']);
const maildir = process.env.SMTP_MAILDIR;
if (!maildir || !process.env.SMTP_URL) throw new Error('SMTP_URL and SMTP_MAILDIR are needed: source ~/.cache/taal/infra/env.sh');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

/** The sink's files of `subject` as addresses (one per file), reading only each file's headers. */
function sinkReader(subject) {
  const list = () => readdirSync(maildir).filter((n) => n.endsWith('.eml'));
  const before = new Set(list());
  const mine = new Map();
  const buffer = Buffer.alloc(4096);
  return {
    read() {
      for (const name of list()) {
        if (before.has(name) || mine.has(name)) continue;
        const fd = openSync(path.join(maildir, name), 'r');
        const n = readSync(fd, buffer, 0, buffer.length, 0);
        closeSync(fd);
        const head = buffer.toString('utf8', 0, n).split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const to = /^To:\s*(.*)$/im.exec(head)?.[1] ?? '';
        const address = (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
        mine.set(name, /^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() === subject ? address : null);
      }
      return [...mine.values()].filter((a) => a !== null);
    },
    /** Removes this run's files of the subject (the sink is shared). */
    clean() {
      for (const [name, address] of mine) if (address !== null) unlinkSync(path.join(maildir, name));
    },
  };
}

const startedAll = Date.now();
log(`starting a cluster`);
// --window N: messaging's MASS_MAIL_WINDOW (mails handed to the SMTP server at once; default 4).
const cluster = await startTestCluster({ LOG_LEVEL: 'warn', ...(values.window ? { MASS_MAIL_WINDOW: values.window } : {}) });
let reader;
try {
  const api = async (method, p, body, token) => {
    const res = await fetch(`${cluster.base}/api/v1${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body && JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  };
  log(`seeding ${N} users`);
  const seedStarted = Date.now();
  await seedScale({ databaseUrl: cluster.databaseUrl, size: { users: N, courses: 1000, orders: 1000 }, log: () => {} });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const pg = require(path.join(root, 'node_modules/pg'));
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const audience = new Set((await client.query(`SELECT email FROM identity.users WHERE email_verify AND NOT suspend AND email <> ''`)).rows.map((r) => r.email.toLowerCase()));
  await client.end();
  log(`seeded in ${seedSeconds.toFixed(0)} s; audience ${audience.size}`);

  const token = (await api('POST', '/user/login/', { email: 'admin@taal.local', password: 'admin123' })).body.data.token;
  const subject = `Bench mass mail ${Date.now()}`;
  reader = sinkReader(subject);
  const t0 = Date.now();
  const created = await api('POST', '/mass-mail/', { mailTo: 'verified-user', subject, message: '<h2>Recital</h2><p>See you there.</p>' }, token);
  if (created.status !== 201) throw new Error(`POST mass-mail/ answered ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data._id;
  // While messaging restarts the list answers an error: the last progress read stands.
  const progress = async () => (await api('GET', '/mass-mail/', undefined, token).catch(() => null))?.body?.data?.find?.((m) => m._id === id) ?? last;
  const samples = [];
  let killedAt = null;
  let sentAtKill = 0;
  let restartedAt = null;
  let resumedAt = null;
  let last;
  const messagingPids = () => cluster.pids.get('messaging') ?? [];
  const pidsBefore = messagingPids().length;
  for (;;) {
    last = await progress();
    const now = Date.now();
    samples.push({ t: now, sent: last?.sent ?? 0 });
    if (killedAt === null && last && last.total >= audience.size && last.sent >= last.total * killAt) {
      const pid = cluster.pidOf('messaging');
      process.kill(pid, 'SIGKILL');
      killedAt = Date.now();
      sentAtKill = last.sent;
      log(`killed messaging (${pid}) at ${last.sent} of ${last.total} sent`);
      while (isAlive(pid)) await sleep(50);
    }
    if (killedAt !== null && restartedAt === null && messagingPids().length > pidsBefore) restartedAt = Date.now();
    if (killedAt !== null && resumedAt === null && last && last.sent > sentAtKill) resumedAt = now;
    if (last?.status === 'done') break;
    if (now - t0 > 6 * 3600_000) throw new Error('the mass mail did not end within 6 hours');
    if (samples.length % 20 === 0) log(JSON.stringify(last));
    await sleep(1000);
  }
  const t1 = Date.now();
  // The mail server's files may trail the last mark a moment.
  await sleep(2000);
  const mails = reader.read();
  const perAddress = new Map();
  for (const a of mails) perAddress.set(a, (perAddress.get(a) ?? 0) + 1);
  const duplicates = [...perAddress].filter(([, n]) => n > 1).length;
  const strangers = [...perAddress.keys()].filter((a) => !audience.has(a)).length;
  const missing = [...audience].filter((a) => !perAddress.has(a)).length;
  const firstSend = samples.find((s) => s.sent > 0)?.t ?? t0;
  const rate = (sent, seconds) => (seconds > 0 ? Number((sent / seconds).toFixed(1)) : null);
  const result = {
    recipients: audience.size,
    seedSeconds,
    queuedAndSentSeconds: (t1 - t0) / 1000,
    killedAtSent: sentAtKill,
    messagingRestartedAfterSeconds: restartedAt && killedAt ? (restartedAt - killedAt) / 1000 : null,
    ratePerSecondBeforeKill: killedAt ? rate(sentAtKill, (killedAt - firstSend) / 1000) : null,
    ratePerSecondAfterKill: killedAt ? rate(last.sent - sentAtKill, (t1 - killedAt) / 1000) : null,
    ratePerSecondAfterRestart: restartedAt ? rate(last.sent - sentAtKill, (t1 - restartedAt) / 1000) : null,
    // From the first mail the restarted messaging sent (its start-up under load excluded).
    resumedAfterSeconds: resumedAt && killedAt ? (resumedAt - killedAt) / 1000 : null,
    ratePerSecondAfterResume: resumedAt ? rate(last.sent - sentAtKill, (t1 - resumedAt) / 1000) : null,
    rateReported: last.rate,
    progress: { total: last.total, sent: last.sent, skipped: last.skipped, uncertain: last.uncertain },
    sink: { mails: mails.length, addresses: perAddress.size, duplicates, strangers, missing },
    everyAddressOnce: duplicates === 0 && strangers === 0 && missing <= last.uncertain && perAddress.size + missing === audience.size,
    load: readFileSync('/proc/loadavg', 'utf8').trim(),
    totalSeconds: (Date.now() - startedAll) / 1000,
  };
  console.log(JSON.stringify(result, null, 2));
  if (!result.everyAddressOnce) process.exitCode = 1;
} catch (err) {
  console.error(cluster.output().split('\n').slice(-60).join('\n'));
  throw err;
} finally {
  reader?.clean();
  await cluster.stop();
}
