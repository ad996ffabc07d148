#!/usr/bin/env node
/**
 * The fault suite (issue 23): the cluster (`packages/launcher/dist/cluster.js`, one process per
 * service, restarted by its supervisor when it dies) on a SEPARATE set of real servers (tools/infra/up
 * with its own TAAL_INFRA_HOME and ports, so restarting them never disturbs other tests), with our
 * card sandbox in this process (its IPN switches flipped at random: duplicate and late IPNs).
 *
 * While a steady mix of money flows runs (card checkouts, wallet and voucher checkouts, gift-card
 * purchases and redemptions, instructor settlements), faults are injected at random moments:
 * kill -9 of a random service, a Kafka restart, a Postgres `pg_ctl restart -m immediate`, the
 * gateway stopped (SIGSTOP) for 5 s. Bounded by --rounds (faults) and --minutes (time limit).
 * Then, once the cluster is quiet, the invariants are read from each service's database:
 *   - every payment the sandbox confirmed (a VALID IPN) gives exactly one paid order, one enrolment
 *     grant per course, one receipt mail and one sale per course in payouts (store: its cards);
 *   - no order is paid without its money: a confirmed card payment, or nothing left to pay after
 *     the wallet's checkout debit of exactly what it used;
 *   - every wallet's ledger sums to its balance and never went below zero;
 *   - every gift card is redeemed at most once, credited once to whoever used it;
 *   - each instructor's earnings equal the split of their sales; payouts never exceed them;
 *   - every outbox is drained and no consumer group misses an event of a type it handles.
 *
 * Usage: npm run faults -- [--rounds 10] [--minutes 5] [--workers 3] [--seed N] [--keep-infra]
 * Prints a JSON report; exits 1 on any violation or when fewer faults than asked were injected.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import marketplace from '../lib/marketplace.cjs';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const run = promisify(execFile);
const { api, retrying, keepSignedIn, buyGiftCards, cardCheckout, createVoucher, creditWallet, demoAccounts, giftCardCodesIn, giftCardProducts, paidCourses, redeemGiftCard, settle, signUpStudents, walletCheckout } =
  marketplace;

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg('rounds', 10);
const minutes = arg('minutes', 5);
const workers = arg('workers', 3);
const keepInfra = process.argv.includes('--keep-infra');
let seed = arg('seed', Date.now() % 1_000_000);
const initialSeed = seed;
/** A small seeded generator, so a run's choices can be repeated (--seed). */
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (fields) => process.stderr.write(`${JSON.stringify({ t: new Date().toISOString().slice(11, 19), ...fields })}\n`);

// ------------------------------------------------------------------ the separate servers
const infraHome = process.env.TAAL_FAULTS_INFRA_HOME || path.join(os.homedir(), '.cache/taal/faults-infra');
// Its own ports too; TAAL_FAULTS_PORT_SHIFT moves them all, so a long run can go beside CI's round.
const shift = Number(process.env.TAAL_FAULTS_PORT_SHIFT ?? 0);
const infraEnv = {
  ...process.env,
  TAAL_INFRA_HOME: infraHome,
  TAAL_PG_PORT: String(55442 + shift),
  TAAL_REDIS_PORT: String(56389 + shift),
  TAAL_KAFKA_PORT: String(59102 + shift),
  TAAL_KAFKA_CONTROLLER_PORT: String(59103 + shift),
  TAAL_S3_PORT: String(59010 + shift),
  TAAL_SMTP_PORT: String(52535 + shift),
  TAAL_FERRETDB_PORT: String(57027 + shift),
};
const infraUp = () => run('bash', [path.join(root, 'tools/infra/up')], { env: infraEnv, maxBuffer: 1 << 24 });
/** Runs a snippet with tools/infra/lib.sh's helpers for the separate servers. */
const infraShell = (script) => run('bash', ['-c', `source ${path.join(root, 'tools/infra/lib.sh')}; ${script}`], { env: infraEnv, maxBuffer: 1 << 24 });

function readEnvFile(file) {
  const out = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)=(.*)$/.exec(line);
    if (m) out[m[1]] = m[2].trim().replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
  }
  return out;
}

// ------------------------------------------------------------------ this run's database
const servicesWithDatabase = (await import('../backup/lib.mjs')).servicesWithDatabase();

async function createRunDatabase(adminUrl) {
  const name = `faults_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await run('psql', ['-X', '-q', adminUrl, '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const roleUrls = {};
  for (const service of servicesWithDatabase) {
    // Each service its own role and schema (issue 22), as deploy/service-database.sql makes them.
    await run('psql', ['-X', '-q', url.toString(), '-v', `service=${service}`, '-v', `password=taal_${service}`, '-f', path.join(root, 'deploy/service-database.sql')], {
      env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' },
    });
    const role = new URL(url);
    role.username = `taal_${service}`;
    role.password = `taal_${service}`;
    roleUrls[`${service.toUpperCase()}_DATABASE_URL`] = role.toString();
  }
  return { name, url: url.toString(), roleUrls };
}

// ------------------------------------------------------------------ the cluster
function startCluster(env) {
  const child = spawn(process.execPath, [path.join(root, 'packages/launcher/dist/cluster.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pids = new Map();
  let tail = '';
  // Every line the services wrote, for reading after the run (a consumer's crash, a refusal).
  const logFile = path.join(os.tmpdir(), `taal-faults-${initialSeed}.log`);
  const logStream = createWriteStream(logFile);
  const read = (chunk) => {
    logStream.write(chunk);
    tail = (tail + chunk.toString()).slice(-20_000);
    for (const m of chunk.toString().matchAll(/"msg":"service started","service":"([\w-]+)","pid":(\d+)/g)) pids.set(m[1], Number(m[2]));
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  child.once('exit', () => logStream.end());
  return { child, pids, logFile, tail: () => tail };
}

async function waitHealthy(base, timeoutMs, context) {
  const until = Date.now() + timeoutMs;
  while ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.status !== 200) {
    if (Date.now() > until) throw new Error(`the cluster was not healthy within ${timeoutMs} ms\n${context?.() ?? ''}`);
    await sleep(500);
  }
}

// ------------------------------------------------------------------ faults
async function killService(cluster) {
  const name = pick([...cluster.pids.keys()]);
  process.kill(cluster.pids.get(name), 'SIGKILL');
  return `kill -9 ${name}`;
}
async function restartKafka() {
  const pid = Number(readFileSync(path.join(infraHome, 'kafka/kafka.pid'), 'utf8'));
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 90 && isAlive(pid); i++) await sleep(500);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  await infraUp(); // starts what is down (Kafka) and leaves the rest
  return 'restart kafka';
}
async function restartPostgres() {
  await infraShell('cd / && runuser -u postgres -- "$(pg_bin_dir)/pg_ctl" -D "$(pg_state_dir)/data" -l "$(pg_state_dir)/postgres.log" -m immediate -w -t 60 restart >/dev/null');
  return 'restart postgres -m immediate';
}
async function stopGateway(cluster) {
  const pid = cluster.pids.get('gateway');
  process.kill(pid, 'SIGSTOP');
  await sleep(5000);
  process.kill(pid, 'SIGCONT');
  return 'stop gateway 5 s';
}
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ the invariants
async function checkInvariants(pg, mails, { confirmedTranIds, loadStart }) {
  const q = async (text, params) => (await pg.query(text, params)).rows;
  // Messaging's outgoing mails are documents (decision 0043): its states by key, read once per check.
  const outgoing = (await mails.find({}, { projection: { state: 1 } }).toArray()).map((m) => ({ key: m._id, state: m.state }));
  const mailsOf = (prefix) => outgoing.filter((m) => m.key.startsWith(prefix));
  const violations = [];
  const fail = (what, detail) => violations.push({ what, ...detail });
  const confirmed = [...confirmedTranIds];

  // Card payments the sandbox confirmed: course orders.
  const coursePayments = await q(
    `SELECT cp.tran_id, cp.order_id, o.status, o.user_id, cp.status AS attempt,
            (SELECT count(*) FROM commerce.ledger_entry l WHERE l.reference = 'card:' || cp.tran_id AND l.user_id = o.user_id AND l.amount = cp.amount)::int AS credits,
            (SELECT count(*) FROM commerce.order_item i WHERE i.order_id = o.id)::int AS items,
            (SELECT count(*) FROM learning.grant_applied g WHERE g.order_id = o.id)::int AS grants,
            (SELECT count(*) FROM commerce.order_item i JOIN learning.enrolment e ON e.user_id = o.user_id AND e.course_id = i.course_id WHERE i.order_id = o.id)::int AS enrolled,
            (SELECT count(*) FROM payouts.sale s WHERE s.order_id = o.id)::int AS sales
       FROM commerce.card_payment cp JOIN commerce.purchase_order o ON o.id = cp.order_id WHERE cp.tran_id = ANY($1)`,
    [confirmed],
  );
  for (const p of coursePayments) {
    p.receipts = mailsOf(`receipt:${p.order_id}`).length;
    p.receipt = mailsOf(`receipt:${p.order_id}`)[0]?.state ?? null;
    // Money that came after its order expired or was cancelled is credited to the buyer's wallet
    // once (decision 0014: never lost, never paying an order the student may have replaced).
    if (p.status !== 'paid' && p.attempt === 'credited' && p.credits === 1) continue;
    if (p.status !== 'paid') fail('confirmed card payment neither paid its order nor was credited to the wallet', p);
    else if (p.grants !== p.items || p.enrolled !== p.items) fail('paid order without its enrolments', p);
    else if (p.sales !== p.items) fail('paid order without one sale per course in payouts', p);
    else if (p.receipts !== 1 || p.receipt !== 'sent') fail('paid order without exactly one sent receipt mail', p);
  }
  // Store orders: paid, with one card per unit and one mail of their codes (through messaging).
  const storePayments = await q(
    `SELECT cp.tran_id, o.id AS order_id, o.status, o.quantity,
            (SELECT count(*) FROM store.gift_card g WHERE g.order_id = o.id)::int AS cards
       FROM store.card_payment cp JOIN store.store_order o ON o.id = cp.order_id WHERE cp.tran_id = ANY($1)`,
    [confirmed],
  );
  for (const p of storePayments) {
    p.code_mails = mailsOf(`gift-cards:${p.order_id}:`).filter((m) => m.state === 'sent').length;
    if (p.status !== 'paid') fail('confirmed card payment left its store order unpaid', p);
    else if (p.cards !== p.quantity) fail('paid store order without one gift card per unit', p);
    else if (p.code_mails !== 1) fail('paid store order without exactly one sent mail of its codes', p);
  }
  const matched = new Set([...coursePayments, ...storePayments].map((p) => p.tran_id));
  for (const tranId of confirmed) if (!matched.has(tranId)) fail('the sandbox confirmed a payment no service knows', { tranId });

  // No order paid without its money: by card (a confirmed payment), or with nothing left to pay
  // after the wallet's checkout debit of exactly what it used. (Whether the flow heard the answer
  // does not matter: a wallet checkout answered 504 during a fault may still commit just after.)
  const paidByCard = new Set(coursePayments.map((p) => p.order_id));
  const paidOrders = await q(
    `SELECT o.id, o.user_id, o.wallet_used, o.payable,
            (SELECT coalesce(sum(-l.amount), 0) FROM commerce.ledger_entry l WHERE l.order_id = o.id AND l.kind = 'checkout') AS debited
       FROM commerce.purchase_order o WHERE o.status = 'paid' AND o.created_at >= $1`,
    [loadStart],
  );
  for (const o of paidOrders) {
    if (paidByCard.has(o.id)) continue;
    if (Number(o.payable) === 0 && Number(o.debited) === Number(o.wallet_used)) continue;
    fail('order paid without its money', o);
  }
  for (const o of await q(`SELECT id FROM store.store_order WHERE status = 'paid' AND created_at >= $1`, [loadStart])) {
    if (!storePayments.some((p) => p.order_id === o.id)) fail('store order paid that no flow paid', o);
  }

  // Wallets: the ledger sums to the balance, and its running sum never went below zero.
  for (const w of await q(
    `SELECT w.user_id, w.balance, coalesce(sum(l.amount), 0)::bigint AS ledger FROM commerce.wallet w LEFT JOIN commerce.ledger_entry l ON l.user_id = w.user_id GROUP BY w.user_id, w.balance HAVING w.balance <> coalesce(sum(l.amount), 0)`,
  )) {
    fail('wallet balance differs from its ledger', w);
  }
  for (const w of await q(
    `SELECT user_id, min(running)::bigint AS lowest FROM (SELECT user_id, sum(amount) OVER (PARTITION BY user_id ORDER BY id) AS running FROM commerce.ledger_entry) r GROUP BY user_id HAVING min(running) < 0`,
  )) {
    fail('wallet went below zero', w);
  }

  // Gift cards: a used card is credited once, to its user, for its value; an unused one never.
  for (const g of await q(
    `SELECT g.id, g.used, g.used_by, g.value, count(l.id)::int AS credits, min(l.user_id) AS credited_to, min(l.amount) AS amount
       FROM store.gift_card g LEFT JOIN commerce.ledger_entry l ON l.kind = 'gift_card_redemption' AND l.reference = 'gift-card:' || g.id
      GROUP BY g.id HAVING (g.used AND (count(l.id) <> 1 OR min(l.user_id) <> g.used_by OR min(l.amount) <> g.value)) OR (NOT g.used AND count(l.id) > 0)`,
  )) {
    fail('gift card redeemed other than once into its user’s wallet', g);
  }

  // Instructors: earnings are the split of their sales; payouts never above them.
  for (const a of await q(
    `SELECT a.instructor_id, a.earnings, a.settled, coalesce((SELECT sum(instructor_earning) FROM payouts.sale s WHERE s.instructor_id = a.instructor_id), 0)::bigint AS split,
            coalesce((SELECT sum(amount) FROM payouts.payout p WHERE p.instructor_id = a.instructor_id), 0)::bigint AS paid_out
       FROM payouts.instructor_account a`,
  )) {
    if (Number(a.earnings) !== Number(a.split)) fail('instructor earnings differ from the split of their sales', a);
    if (Number(a.paid_out) !== Number(a.settled) || Number(a.settled) > Number(a.earnings)) fail('instructor paid out other than settled, or above earnings', a);
  }

  // Outboxes drained; every consumer group has every event of the types it handles.
  const schemas = (await q(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox'`)).map((r) => r.table_schema);
  const consumers = (await q(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'processed_events'`)).map((r) => r.table_schema);
  for (const schema of schemas) {
    const [{ pending }] = await q(`SELECT count(*)::int AS pending FROM ${schema}.outbox WHERE published_at IS NULL`);
    if (pending > 0) fail('outbox not drained', { schema, pending });
  }
  const events = schemas.map((s) => `SELECT event_id, type, created_at FROM ${s}.outbox`).join(' UNION ALL ');
  for (const consumer of consumers) {
    const gaps = await q(
      `WITH events AS (${events}),
            handled AS (SELECT DISTINCT p.group_id, e.type FROM ${consumer}.processed_events p JOIN events e ON e.event_id = p.event_id)
       SELECT h.group_id, h.type, count(*)::int AS missing FROM handled h JOIN events e ON e.type = h.type
        WHERE e.created_at >= $1 AND NOT EXISTS (SELECT 1 FROM ${consumer}.processed_events p WHERE p.group_id = h.group_id AND p.event_id = e.event_id)
        GROUP BY h.group_id, h.type`,
      [loadStart],
    );
    for (const g of gaps) fail('consumer group missed events', { schema: consumer, ...g });
  }
  return { violations, coursePayments: coursePayments.length, storePayments: storePayments.length };
}

// ------------------------------------------------------------------ the run
const report = { seed: initialSeed, rounds, minutes, workers, faults: [], flows: {}, errorsSeen: 0 };
const cleanups = [];
let exitCode = 1;
try {
  log({ msg: 'starting the separate servers', infraHome });
  await infraUp();
  const infra = readEnvFile(path.join(infraHome, 'env.sh'));
  // tools/infra's Postgres commits asynchronously (fast tests); a crash (`-m immediate`) would then
  // lose commits whose events were already published. A production server commits durably: so here.
  await run('psql', ['-X', '-q', infra.DATABASE_URL, '-c', 'ALTER SYSTEM SET synchronous_commit = on', '-c', 'SELECT pg_reload_conf()']);
  const database = await createRunDatabase(infra.DATABASE_URL);
  cleanups.push(() => run('psql', ['-X', '-q', infra.DATABASE_URL, '-c', `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`]));
  const documentsUrl = infra.MONGODB_URL.replace(/\/[^/?]*(\?|$)/, `/${database.name}$1`);
  cleanups.push(async () => {
    const { MongoClient } = require('mongodb');
    const client = new MongoClient(documentsUrl, { retryWrites: false });
    await client.connect();
    await client.db().dropDatabase().catch(() => {});
    await client.close();
  });

  // Our sandbox, in this process: what it confirmed is the truth the invariants start from.
  const { startSandbox } = require(path.join(root, 'packages/payments/dist/sandbox.js'));
  const store = { storeId: 'taal-faults', storePassword: randomBytes(18).toString('base64url') };
  const sandbox = await startSandbox(store, { host: '127.0.0.1', port: await freePort() });
  cleanups.push(() => sandbox.close());

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ports = {};
  for (const name of ['IDENTITY_JWKS_PORT', 'METRICS_PORT', ...[...servicesWithDatabase, 'messaging'].map((s) => `${s.toUpperCase()}_GRPC_PORT`)]) {
    ports[name] = String(await freePort());
  }
  const cluster = startCluster({
    ...process.env,
    ...ports,
    REDIS_URL: infra.REDIS_URL,
    KAFKA_BROKERS: infra.KAFKA_BROKERS,
    KAFKA_NAMESPACE: `faults-${randomUUID().slice(0, 8)}.`,
    S3_ENDPOINT: infra.S3_ENDPOINT,
    S3_ACCESS_KEY: infra.S3_ACCESS_KEY,
    S3_SECRET_KEY: infra.S3_SECRET_KEY,
    S3_BUCKET: database.name.replace(/_/g, '-'),
    S3_REGION: infra.S3_REGION,
    SMTP_URL: infra.SMTP_URL,
    // Messaging's documents (decision 0043): a database of this run's own on tools/infra's FerretDB.
    MONGODB_URL: documentsUrl,
    DATABASE_URL: database.url,
    ...database.roleUrls,
    PORT: String(port),
    PUBLIC_URL: base,
    SSLCOMMERZ_BASE_URL: sandbox.baseUrl,
    SSLCOMMERZ_STORE_ID: store.storeId,
    SSLCOMMERZ_STORE_PASSWORD: store.storePassword,
    // Attempts that lost their IPN and return to a fault are asked about at the sandbox sooner
    // than in production, so the reconciler also races live payments during the load.
    CARD_RECONCILE_QUIET_MS: '20000',
    CARD_RECONCILE_EVERY_MS: '5000',
    SEED_DEMO_DATA: 'true',
    SIGNUP_MAX_PER_ADDRESS: '100000',
    SIGNUP_MAX_PER_DOMAIN: '100000',
    LOG_LEVEL: 'error',
  });
  cleanups.push(async () => {
    const exited = new Promise((r) => (cluster.child.exitCode === null ? cluster.child.once('exit', r) : r()));
    cluster.child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    try {
      process.kill(-cluster.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  });
  await waitHealthy(base, 240_000, cluster.tail);
  log({ msg: 'cluster healthy', base, servicesLog: cluster.logFile });
  report.servicesLog = cluster.logFile;

  // The cast: the demo admin and instructor, one student per worker, a voucher, the gift cards on sale.
  // A freshly started cluster on a busy machine may answer 504 at first: the setup is retried.
  const setup = (make) => retrying(make, { tries: 10, delayMs: 3000 });
  const { admin, instructor } = await setup(() => demoAccounts(base));
  const students = await setup(() => signUpStudents(base, admin.token, workers));
  /** Every student of the run (a worker's student is replaced once it owns every course). */
  const everyone = [...students];
  keepSignedIn(base, () => [admin, instructor, ...everyone]);
  const courses = await setup(() => paidCourses(base));
  const voucher = await setup(() => createVoucher(base, admin.token, { discount: 25, useLimit: 100000 }));
  const products = await setup(() => giftCardProducts(base));
  const maildir = infra.SMTP_MAILDIR;
  const loadStart = new Date(Date.now() - 1000);

  /** What each worker is doing since when: a step still running long after the load stops is named. */
  const busy = new Map();
  const triedCodes = new Set();
  const count = (kind, outcome) => {
    report.flows[kind] ??= {};
    report.flows[kind][outcome] = (report.flows[kind][outcome] ?? 0) + 1;
  };
  const returnTries = 120; // the browser keeps retrying its return for two minutes

  /** One step of the mix; failures during faults are expected and counted, never fatal. */
  const step = async (worker, n) => {
    const student = students[worker];
    const kind = pick(['card', 'card', 'wallet', 'voucher', 'gift-card', 'redeem', 'redeem', worker === 0 ? 'settle' : 'card']);
    busy.get(worker).kind = kind;
    const course = pick(courses);
    // Flip the sandbox's switches now and then: duplicate IPNs, IPNs after the browser's return.
    sandbox.options.duplicateIpns = pick([0, 0, 1, 2]);
    sandbox.options.ipnTiming = pick(['before-return', 'before-return', 'after-return']);
    sandbox.options.lateIpnDelayMs = Math.floor(random() * 3000);
    try {
      if (kind === 'card') await cardCheckout(base, student, course, { returnTries });
      else if (kind === 'wallet' || kind === 'voucher') {
        await creditWallet(base, admin.token, student.id, course.price);
        // Paid or not, its order is checked by its money at the end (checkInvariants).
        await walletCheckout(base, student, course, kind === 'voucher' ? { voucher } : {});
      } else if (kind === 'gift-card') await buyGiftCards(base, student, pick(products), 1 + Math.floor(random() * 2), { returnTries });
      else if (kind === 'redeem') {
        const codes = everyone.flatMap((s) => giftCardCodesIn(maildir, s.email)).filter((c) => !triedCodes.has(c));
        if (codes.length === 0) return count(kind, 'nothing to redeem');
        const code = pick(codes);
        triedCodes.add(code);
        // Two students race for the same code now and then: one wins.
        const racers = random() < 0.3 ? [student, pick(students)] : [student];
        const results = await Promise.allSettled(racers.map((s) => redeemGiftCard(base, s, code)));
        for (const r of results) count(kind, r.status === 'fulfilled' ? 'ok' : (r.reason.body?.reason ?? 'error'));
        return;
      } else if (kind === 'settle') {
        const { due } = await api(base).get(`/instructor/earnings/${instructor.profile}`, admin.token);
        if (due < 1000) return count(kind, 'nothing due');
        await settle(base, admin.token, instructor.profile, Math.floor(due / 10));
      }
      count(kind, 'ok');
    } catch (err) {
      if (err.body?.reason === 'COURSE_ALREADY_OWNED') {
        // This student owns every course by now (decision 0027): a new one takes the worker's place.
        count(kind, 'owned: new student');
        const [next] = await signUpStudents(base, admin.token, 1).catch(() => [student]);
        students[worker] = next;
        if (!everyone.includes(next)) everyone.push(next);
        return;
      }
      report.errorsSeen++;
      // A 500 is never a clean answer, faults or not: kept for the report (what, when).
      if (err.status === 500) (report.serverErrors ??= []).push({ kind, at: Math.round((Date.now() - loadStart.getTime()) / 1000), error: String(err.message).slice(0, 300) });
      count(kind, err.status ? `${err.status} ${err.body?.reason ?? ''}`.trim() : 'error');
      if (n % 20 === 0) log({ msg: 'flow failed (expected during faults)', kind, err: String(err.message).slice(0, 200) });
      await sleep(500);
    }
  };

  // The load, and the faults at random moments within the time limit.
  const deadline = Date.now() + minutes * 60_000;
  let loading = true;
  const load = Promise.all(
    students.map(async (_, worker) => {
      for (let n = 0; loading; n++) {
        busy.set(worker, { since: Date.now(), n });
        await step(worker, n);
      }
      busy.delete(worker);
    }),
  );
  const kinds = ['kill', 'kafka', 'postgres', 'gateway', 'kill'];
  for (let i = 0; i < rounds && Date.now() < deadline; i++) {
    // A random moment within this fault's share of the time left (a Kafka restart alone takes ~45 s).
    await sleep(((deadline - Date.now()) / (rounds - i)) * 0.5 * random());
    if (Date.now() >= deadline) break;
    const kind = i < kinds.length ? kinds[i] : pick(kinds);
    const started = Date.now();
    try {
      const what = kind === 'kill' ? await killService(cluster) : kind === 'kafka' ? await restartKafka() : kind === 'postgres' ? await restartPostgres() : await stopGateway(cluster);
      report.faults.push({ at: Math.round((started - loadStart.getTime()) / 1000), what, ms: Date.now() - started });
      log({ msg: 'fault', n: report.faults.length, what });
    } catch (err) {
      log({ msg: 'fault could not be injected', kind, err: String(err.message).slice(0, 300) });
    }
  }
  // A little more load after the last fault, then stop and let the cluster settle.
  await sleep(10_000);
  loading = false;
  // Each step's requests are bounded (a card return retries for two minutes): three minutes is plenty.
  const finished = await Promise.race([load.then(() => true), sleep(180_000).then(() => false)]);
  if (!finished) {
    report.stuckSteps = [...busy].map(([worker, b]) => ({ worker, kind: b.kind, step: b.n, seconds: Math.round((Date.now() - b.since) / 1000) }));
    log({ msg: 'steps still running 3 minutes after the load stopped; checking anyway', stuck: report.stuckSteps });
  }
  await sandbox.settled();
  await waitHealthy(base, 120_000, cluster.tail);
  log({ msg: 'load stopped; reading the invariants until they hold (five minutes at most)' });

  const confirmedTranIds = new Set(sandbox.ipnLog.filter((i) => i.status === 'VALID').map((i) => i.tranId));
  const { Client } = require('pg');
  const pg = new Client({ connectionString: database.url });
  await pg.connect();
  cleanups.push(() => pg.end());
  const { MongoClient } = require('mongodb');
  const mongo = new MongoClient(documentsUrl, { retryWrites: false });
  await mongo.connect();
  cleanups.push(() => mongo.close());
  const mails = mongo.db().collection('outgoing_mails');
  // Eventually consistent: the invariants are read until they hold or five minutes pass (consumers
  // rejoin their groups after a Kafka restart with a back-off; a busy machine makes that slower).
  let result;
  const until = Date.now() + 300_000;
  for (;;) {
    result = await checkInvariants(pg, mails, { confirmedTranIds, loadStart });
    if (result.violations.length === 0 || Date.now() > until) break;
    log({ msg: 'invariants do not hold yet', violations: result.violations.length, first: result.violations[0] });
    await sleep(5000);
  }
  const [{ paid }] = (await pg.query(`SELECT count(*)::int AS paid FROM commerce.purchase_order WHERE status = 'paid' AND created_at >= $1`, [loadStart])).rows;
  const [{ storePaid }] = (await pg.query(`SELECT count(*)::int AS "storePaid" FROM store.store_order WHERE status = 'paid' AND created_at >= $1`, [loadStart])).rows;
  Object.assign(report, {
    faultsInjected: report.faults.length,
    sandboxConfirmedPayments: confirmedTranIds.size,
    ipnsSent: sandbox.ipnLog.length,
    ordersPaid: paid,
    storeOrdersPaid: storePaid,
    violations: result.violations,
    ok: result.violations.length === 0 && report.faults.length >= rounds,
  });
  exitCode = report.ok ? 0 : 1;
} catch (err) {
  report.error = err instanceof Error ? err.stack : String(err);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch((err) => log({ msg: 'cleanup failed', err: String(err) }));
  if (!keepInfra) await run('bash', [path.join(root, 'tools/infra/down')], { env: infraEnv }).catch(() => undefined);
}
console.log(JSON.stringify(report, null, 2));
process.exit(exitCode);
