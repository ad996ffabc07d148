import path from 'node:path';
import { z } from 'zod';
import { ConfigError, fields, infraConfigFromEnv, loadConfig } from './index';

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  const schema = z.object({
    PORT: fields.port(),
    DATABASE_URL: fields.url({ protocols: ['postgres', 'postgresql'] }),
    TIMEOUT: fields.durationMs(5000),
    BROKERS: fields.hostPortList(['localhost:9092']),
    LEVEL: fields.oneOf(['debug', 'info'], 'info'),
    NAME: fields.string().optional(),
  });

  it('parses and types values, applying defaults', () => {
    const c = loadConfig(schema, { PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/taal' });
    expect(c).toEqual({
      PORT: 8080,
      DATABASE_URL: 'postgres://u:p@db:5432/taal',
      TIMEOUT: 5000,
      BROKERS: ['localhost:9092'],
      LEVEL: 'info',
      NAME: undefined,
    });
    const port: number = c.PORT;
    const level: 'debug' | 'info' = c.LEVEL;
    expect([port, level]).toBeTruthy();
  });

  it('names every missing or bad variable in one message', () => {
    const e = errorOf(() => loadConfig(schema, { PORT: 'abc', LEVEL: 'loud' }));
    expect(e.message).toBe(
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc"); DATABASE_URL is required; LEVEL must be one of debug, info (got "loud")',
    );
    expect(e.problems).toHaveLength(3);
  });

  it('treats empty strings as unset', () => {
    const e = errorOf(() => loadConfig(schema, { PORT: '', DATABASE_URL: 'postgres://x/y' }));
    expect(e.message).toBe('Invalid configuration: PORT is required');
  });

  it('rejects out-of-range ports and non-integers', () => {
    for (const bad of ['0', '65536', '80.5', '-1', '1e3']) {
      expect(() => loadConfig(z.object({ P: fields.port() }), { P: bad })).toThrow(/P must be an integer/);
    }
  });

  it('parses durations', () => {
    const s = z.object({ D: fields.durationMs() });
    expect(loadConfig(s, { D: '1500' }).D).toBe(1500);
    expect(loadConfig(s, { D: '250ms' }).D).toBe(250);
    expect(loadConfig(s, { D: '30s' }).D).toBe(30_000);
    expect(loadConfig(s, { D: '1.5s' }).D).toBe(1500);
    expect(loadConfig(s, { D: '5m' }).D).toBe(300_000);
    expect(loadConfig(s, { D: '1h' }).D).toBe(3_600_000);
    expect(() => loadConfig(s, { D: 'soon' })).toThrow('D must be a duration');
  });

  it('parses host:port lists', () => {
    const s = z.object({ B: fields.hostPortList() });
    expect(loadConfig(s, { B: 'k1:9092, k2.local:9093,[::1]:9094' }).B).toEqual([
      'k1:9092',
      'k2.local:9093',
      '[::1]:9094',
    ]);
    for (const bad of ['k1', 'k1:', 'k1:99999', ',', 'http://k1:9092']) {
      expect(() => loadConfig(s, { B: bad })).toThrow('B must be a comma-separated list of host:port');
    }
  });

  it('validates URLs and protocols, masking passwords and redacting secrets', () => {
    const s = z.object({ R: fields.url({ protocols: ['redis'] }), API_SECRET: fields.int({ min: 1 }) });
    expect(loadConfig(s, { R: 'redis://127.0.0.1:6379', API_SECRET: '3' }).R).toBe('redis://127.0.0.1:6379');
    const e = errorOf(() => loadConfig(s, { R: 'http://user:hunter2@host/', API_SECRET: 'hunter3' }));
    expect(e.message).toContain('R must be a redis:// URL (got "http://user:***@host/")');
    expect(e.message).toContain('API_SECRET must be an integer');
    expect(e.message).not.toContain('hunter');
  });

  it('parses booleans', () => {
    const s = z.object({ F: fields.boolean(false) });
    expect(loadConfig(s, {}).F).toBe(false);
    expect(loadConfig(s, { F: 'yes' }).F).toBe(true);
    expect(() => loadConfig(s, { F: 'maybe' })).toThrow('F must be a boolean');
  });

  it('reads process.env by default', () => {
    process.env.TAAL_TEST_CONFIG_PORT = '1234';
    try {
      expect(loadConfig(z.object({ TAAL_TEST_CONFIG_PORT: fields.port() })).TAAL_TEST_CONFIG_PORT).toBe(1234);
    } finally {
      delete process.env.TAAL_TEST_CONFIG_PORT;
    }
  });
});

describe('infraConfigFromEnv', () => {
  const cluster = {
    TAAL_MODE: 'cluster',
    DATABASE_URL: 'postgres://taal:taal@127.0.0.1:55432/taal',
    KAFKA_BROKERS: '127.0.0.1:59092',
    REDIS_URL: 'redis://127.0.0.1:56379',
    S3_ENDPOINT: 'http://127.0.0.1:59000',
    S3_ACCESS_KEY: 'taal',
    S3_SECRET_KEY: 'taalsecret123',
    S3_BUCKET: 'taal',
    SMTP_URL: 'smtp://127.0.0.1:52525',
  };

  it('defaults to embedded mode with ./data', () => {
    expect(infraConfigFromEnv({})).toEqual({
      mode: 'embedded',
      dataDir: path.resolve('data'),
      mail: { from: 'Taal <no-reply@taal.local>' },
    });
    expect(infraConfigFromEnv({ TAAL_MODE: 'embedded', DATA_DIR: '/tmp/x', MAIL_FROM: 'a@b.c' })).toEqual({
      mode: 'embedded',
      dataDir: '/tmp/x',
      mail: { from: 'a@b.c' },
    });
  });

  it('reads everything cluster mode needs, with defaults for region and sender', () => {
    expect(infraConfigFromEnv(cluster)).toEqual({
      mode: 'cluster',
      databaseUrl: cluster.DATABASE_URL,
      kafkaBrokers: ['127.0.0.1:59092'],
      redisUrl: cluster.REDIS_URL,
      s3: {
        endpoint: cluster.S3_ENDPOINT,
        accessKey: 'taal',
        secretKey: 'taalsecret123',
        bucket: 'taal',
        region: 'us-east-1',
      },
      mail: { url: cluster.SMTP_URL, from: 'Taal <no-reply@taal.local>' },
    });
  });

  it('lists every missing cluster variable', () => {
    const e = errorOf(() => infraConfigFromEnv({ TAAL_MODE: 'cluster', REDIS_URL: 'redis://r:6379' }));
    for (const name of [
      'DATABASE_URL',
      'KAFKA_BROKERS',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'S3_BUCKET',
      'SMTP_URL',
    ]) {
      expect(e.message).toContain(`${name} is required`);
    }
    expect(e.message).not.toContain('REDIS_URL');
    expect(e.message).not.toContain('S3_REGION');
  });

  it('rejects an unknown mode', () => {
    expect(() => infraConfigFromEnv({ TAAL_MODE: 'hybrid' })).toThrow(
      'Invalid configuration: TAAL_MODE must be one of embedded, cluster (got "hybrid")',
    );
  });
});
