#!/usr/bin/env node
/**
 * The CPU floor of one paid card order on this machine: what the hops a paid order cannot avoid in
 * this architecture cost by themselves, with no work of ours in them. Measured here, in one run
 * (machines are noisy; compare the floor with `bench:checkout`'s CPU per order of the same day):
 *
 * - an HTTP request: an Express app (the gateway's framework) with its JSON body parser in a
 *   process of its own, a small JSON answer, the fetch client the bench and the services use;
 *   client and server CPU;
 * - a gRPC unary call: @grpc/grpc-js client and a server in a process of its own, a small message;
 *   both sides' CPU;
 * - a SQL statement: one `pg` round trip to the cluster's Postgres (`SELECT $1::int`); the client's
 *   CPU and the Postgres server's (its processes' CPU from /proc);
 * - an event: a kafkajs produce (acks -1, as the outbox relay sends) received by one consumer
 *   group; producer, consumer and the broker's CPU (/proc).
 *
 * Each is driven at 8 in flight (the checkout bench's buyers). The per-order counts are those of a
 * paid card order as the checkout bench makes it (decision 0024, counted from Postgres's statement
 * log and the services' calls); `--counts` overrides them as http,grpc,sql,deliveries.
 * The budget is what `--target` paid orders/s (default 100) leave per order on this machine's cores.
 *
 * Usage: source ~/.cache/taal/infra/env.sh && node tools/bench/floor.mjs [--seconds 3] [--target 100] [--counts 10,8,55,5]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import grpc from '@grpc/grpc-js';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { processCpuMs } from '../lib/process-cpu.mjs';

const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(argOf('seconds', 3));
const target = Number(argOf('target', 100));
const [httpPerOrder, grpcPerOrder, sqlPerOrder, deliveriesPerOrder] = argOf(
  'counts',
  '10,8,55,5',
)
  .split(',')
  .map(Number);
const IN_FLIGHT = 8;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const body = JSON.stringify({
  success: true,
  data: { id: 'c4f1a2', status: 'unpaid', amount: 150000, items: [{ courseId: 'x', tier: 'silver' }] },
});

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms so far of the process with pid `which`, or of every process whose command line matches it. */
const cpuMsOf = (which) => processCpuMs((p) => (typeof which === 'number' ? p.pid === which : which.test(p.cmdline())));

/** Runs `op` with IN_FLIGHT in flight for `seconds`; CPU ms per op of this process and of the `external` process(es) (cpuMsOf). */
async function perOp(op, external) {
  for (let i = 0; i < 200; i++) await op(); // warm up
  const until = Date.now() + seconds * 1000;
  const own0 = ownCpuMs();
  const ext0 = external ? cpuMsOf(external) : 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < until) {
        await op();
        done++;
      }
    }),
  );
  const own = ownCpuMs() - own0;
  const ext = external ? cpuMsOf(external) - ext0 : 0;
  return { ops: done, cpuMsPerOp: Number(((own + ext) / done).toFixed(3)) };
}

/** Starts `script` (an ES module that prints its port) in a process of its own; its pid and port. */
async function serverProcess(script) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
  return { pid: child.pid, port, stop: () => child.kill() };
}

const httpServer = `
import express from 'express';
const app = express();
app.use(express.json());
const body = ${JSON.stringify(body)};
app.post('/api/v1/order', (req, res) => res.type('application/json').send(body));
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function httpHop() {
  const server = await serverProcess(httpServer);
  const url = `http://127.0.0.1:${server.port}/api/v1/order`;
  try {
    return await perOp(async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.json();
    }, server.pid);
  } finally {
    server.stop();
  }
}

const echo = { path: '/floor.Floor/Echo', requestStream: false, responseStream: false };
const grpcServer = `
import grpc from '@grpc/grpc-js';
const identity = (b) => b;
const server = new grpc.Server();
server.addService({ Echo: { ...${JSON.stringify(echo)}, requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity } }, { Echo: (call, callback) => callback(null, call.request) });
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => console.log(port));
`;

async function grpcHop() {
  const identity = (b) => b;
  const definition = { Echo: { ...echo, requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity } };
  const server = await serverProcess(grpcServer);
  const Client = grpc.makeGenericClientConstructor(definition, 'Floor');
  const client = new Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  const message = Buffer.from(body);
  try {
    return await perOp(() => new Promise((resolve, reject) => client.Echo(message, { deadline: Date.now() + 5000 }, (err, res) => (err ? reject(err) : resolve(res)))), server.pid);
  } finally {
    client.close();
    server.stop();
  }
}

async function sqlHop() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: IN_FLIGHT });
  try {
    let n = 0;
    return await perOp(() => pool.query('SELECT $1::int AS n', [n++]), /^postgres: /);
  } finally {
    await pool.end();
  }
}

async function eventHop() {
  const kafka = new Kafka({
    clientId: 'floor',
    brokers: process.env.KAFKA_BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  });
  const topic = `floor-${Date.now().toString(36)}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
  const producer = kafka.producer();
  const consumer = kafka.consumer({ groupId: `${topic}-group`, maxWaitTimeInMs: 1000 });
  await Promise.all([producer.connect(), consumer.connect()]);
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const waiting = new Map();
  await consumer.run({ eachMessage: async ({ message }) => waiting.get(message.key.toString())?.() });
  let n = 0;
  try {
    // A produce, and its delivery to one group, awaited (the relay's send and a consumer's handling).
    return await perOp(async () => {
      const key = String(n++);
      const delivered = new Promise((resolve) => waiting.set(key, resolve));
      await producer.send({ topic, acks: -1, messages: [{ key, value: body }] });
      await delivered;
      waiting.delete(key);
    }, /kafka\.Kafka|kafka-server|kafka\.properties/);
  } finally {
    await Promise.all([producer.disconnect(), consumer.disconnect()]);
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.disconnect();
  }
}

const httpCost = await httpHop();
const grpcCost = await grpcHop();
const sqlCost = process.env.DATABASE_URL ? await sqlHop() : null;
const eventCost = process.env.KAFKA_BROKERS ? await eventHop() : null;
const floorMs =
  httpPerOrder * httpCost.cpuMsPerOp +
  grpcPerOrder * grpcCost.cpuMsPerOp +
  sqlPerOrder * (sqlCost?.cpuMsPerOp ?? 0) +
  // One paid event delivered to five groups, each delivery counted as a produce and a delivery (an upper bound).
  deliveriesPerOrder * (eventCost?.cpuMsPerOp ?? 0);
const budgetMs = (os.availableParallelism() * 1000) / target;
console.log(
  JSON.stringify(
    {
      perHop: { http: httpCost, grpc: grpcCost, sql: sqlCost, event: eventCost },
      perOrder: {
        http: httpPerOrder,
        grpc: grpcPerOrder,
        sql: sqlPerOrder,
        deliveries: deliveriesPerOrder,
      },
      floorCpuMsPerOrder: Number(floorMs.toFixed(1)),
      budgetCpuMsPerOrder: {
        cores: os.availableParallelism(),
        paidOrdersPerSecond: target,
        ms: Number(budgetMs.toFixed(1)),
      },
      floorShareOfBudget: Number((floorMs / budgetMs).toFixed(2)),
      note: sqlCost && eventCost ? undefined : 'source ~/.cache/taal/infra/env.sh for the SQL and event hops',
    },
    null,
    2,
  ),
);
