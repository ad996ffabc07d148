import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireInfraEnv } from '../config/infra-env-file';
import { createOutboxMailer, createSmtpMailer } from '../mail';
import { describeMailerContract } from './mail.contract';

const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'taal-outbox-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

describeMailerContract('outbox (embedded)', () => ({
  mailer: createOutboxMailer({ dir: path.join(outboxDir, 'mail'), from: 'Taal <no-reply@taal.local>' }),
  deliveredDir: path.join(outboxDir, 'mail'),
}));

describeMailerContract('smtp', () => {
  const env = requireInfraEnv('SMTP_URL', 'SMTP_MAILDIR');
  return {
    mailer: createSmtpMailer({ url: env.SMTP_URL, from: 'Taal <no-reply@taal.local>' }),
    deliveredDir: env.SMTP_MAILDIR,
  };
});

describe('outbox file names', () => {
  it('sort by time of sending', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-outbox-order-'));
    try {
      const mailer = createOutboxMailer({ dir, from: 'x@taal.local' });
      for (let i = 0; i < 5; i++) await mailer.send({ to: 'a@example.com', subject: `m${i}`, text: 'x' });
      const names = readdirSync(dir);
      expect(names).toHaveLength(5);
      expect(names.every((n) => /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{6}\.eml$/.test(n))).toBe(true);
      const subjects = [...names]
        .sort()
        .map((n) => /Subject: (m\d)/.exec(readFileSync(path.join(dir, n), 'utf8'))?.[1]);
      expect(subjects).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
