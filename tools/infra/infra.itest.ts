// Checks, with real clients, that every server started by tools/infra/up answers as the
// code under test expects. Settings come from the environment or $TAAL_INFRA_HOME/env.sh
// (requireInfraEnv). A missing setting or server is a failure, never a skip.
import { randomUUID } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import Redis from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import * as Minio from 'minio';
import nodemailer from 'nodemailer';
import { requireEnv } from '../testing/env';

function s3Client(secretKey: string): Minio.Client {
  const endpoint = new URL(requireEnv('S3_ENDPOINT'));
  return new Minio.Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: requireEnv('S3_ACCESS_KEY'),
    secretKey,
    region: requireEnv('S3_REGION'),
    pathStyle: true,
  });
}

function canWrite(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('local infrastructure (tools/infra)', () => {
  it('PostgreSQL accepts queries as the taal role', async () => {
    const client = new PgClient({ connectionString: requireEnv('DATABASE_URL') });
    try {
      await client.connect();
      const { rows } = await client.query('select current_user as who, current_database() as db, 1 + 1 as two');
      expect(rows[0]).toEqual({ who: 'taal', db: 'taal', two: 2 });
      await client.query('create temporary table infra_check (v text)');
      await client.query('insert into infra_check values ($1)', ['ok']);
      const check = await client.query('select v from infra_check');
      expect(check.rows).toEqual([{ v: 'ok' }]);
    } finally {
      await client.end();
    }
  });

  it('Redis stores and returns values', async () => {
    // No reconnect loop: a missing server fails the test instead of keeping jest alive.
    const redis = new Redis(requireEnv('REDIS_URL'), { maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
    try {
      await redis.connect();
      const key = `infra-check:${randomUUID()}`;
      await redis.set(key, 'ok', 'EX', 60);
      expect(await redis.get(key)).toBe('ok');
      await redis.del(key);
    } finally {
      redis.disconnect();
    }
  });

  it('Kafka delivers a produced message to a consumer group', async () => {
    const kafka = new Kafka({
      clientId: 'infra-check',
      brokers: requireEnv('KAFKA_BROKERS').split(','),
      logLevel: logLevel.ERROR,
      retry: { retries: 3 },
    });
    const topic = `infra-check-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    await admin.disconnect();

    const value = `hello ${randomUUID()}`;
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 'k', value }] });
    await producer.disconnect();

    const consumer = kafka.consumer({ groupId: `infra-check-${randomUUID()}` });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      const received = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message consumed within 30s')), 30000);
        void consumer.run({
          eachMessage: async ({ message }) => {
            clearTimeout(timer);
            resolve(message.value?.toString() ?? '');
          },
        });
      });
      expect(received).toBe(value);
    } finally {
      await consumer.disconnect();
    }
  });

  it('S3 stores objects for signed requests and refuses a wrong secret', async () => {
    const bucket = requireEnv('S3_BUCKET');
    const s3 = s3Client(requireEnv('S3_SECRET_KEY'));
    if (!(await s3.bucketExists(bucket))) await s3.makeBucket(bucket, requireEnv('S3_REGION'));
    const key = `infra-check/${randomUUID()}.txt`;
    const body = `hello ${randomUUID()}`;
    await s3.putObject(bucket, key, Buffer.from(body), undefined, { 'Content-Type': 'text/plain' });
    expect(await readStream(await s3.getObject(bucket, key))).toBe(body);

    const forged = s3Client(`${requireEnv('S3_SECRET_KEY')}-wrong`);
    await expect(forged.getObject(bucket, key)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(forged.putObject(bucket, `${key}.forged`, Buffer.from('x'))).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    await s3.removeObject(bucket, key);
  });

  it('the SMTP sink keeps each received message as an .eml file', async () => {
    const maildir = requireEnv('SMTP_MAILDIR');
    const transport = nodemailer.createTransport(requireEnv('SMTP_URL'));
    const subject = `infra check ${randomUUID()}`;
    try {
      const info = await transport.sendMail({
        from: 'noreply@taal.test',
        to: 'student@taal.test',
        subject,
        text: 'It works.',
      });
      expect(info.accepted).toEqual(['student@taal.test']);
    } finally {
      transport.close();
    }
    expect(existsSync(maildir)).toBe(true);
    const found = readdirSync(maildir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(maildir, f), 'utf8'))
      .filter((text) => text.includes(`Subject: ${subject}`));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('To: student@taal.test');
  });

  // tools/infra/up keeps the kernel from giving the servers' ports to outgoing connections as their
  // source ports (tools/lib/ports.sh): a connection holding Kafka's port failed a CI run. It can
  // where it may write the kernel's list (root, as in CI); elsewhere it leaves it alone.
  const reservedPortsFile = '/proc/sys/net/ipv4/ip_local_reserved_ports';
  (canWrite(reservedPortsFile) ? it : it.skip)("the servers' ports are never handed out as connections' source ports", () => {
    const reserved = readFileSync(reservedPortsFile, 'utf8')
      .trim()
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const [from, to = from] = entry.split('-').map(Number) as [number, number?];
        return { from, to };
      });
    const ports = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'SMTP_URL', 'MONGODB_URL'].map((name) =>
      Number(/:(\d+)(?:\/|$)/.exec(requireEnv(name))?.[1]),
    );
    for (const port of ports) expect({ port, reserved: reserved.some(({ from, to }) => from <= port && port <= to) }).toEqual({ port, reserved: true });
  });
});
