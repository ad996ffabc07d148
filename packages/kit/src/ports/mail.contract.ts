import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from './mail';

export interface MailerUnderTest {
  mailer: Mailer;
  /** Folder where delivered messages appear as `.eml` files (the outbox, or the SMTP sink's maildir). */
  deliveredDir: string;
}

interface Delivered {
  file: string;
  raw: string;
  headers: Map<string, string>;
  body: string;
}

/** Minimal RFC 5322 reading: unfolded headers (lower-cased names) and the raw body. */
function parseEml(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

/** Waits until exactly one delivered message has a subject containing `token`. */
async function findDelivered(dir: string, token: string, timeoutMs = 10_000): Promise<Delivered> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Map<string, Delivered | null>();
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
    } catch {
      // not created yet
    }
    const matches: Delivered[] = [];
    for (const name of names) {
      if (!seen.has(name)) {
        const raw = await readFile(path.join(dir, name), 'utf8');
        const parsed = parseEml(raw);
        seen.set(
          name,
          parsed.headers.get('subject')?.includes(token) ? { file: name, raw, ...parsed } : null,
        );
      }
      const d = seen.get(name);
      if (d) matches.push(d);
    }
    if (matches.length > 1)
      throw new Error(`${matches.length} messages delivered for ${token}, expected one`);
    if (matches[0]) return matches[0];
    if (Date.now() > deadline)
      throw new Error(`No message with subject containing ${token} appeared in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Behaviour every Mailer adapter must have: the message must arrive, complete, where it is delivered. */
export function describeMailerContract(
  name: string,
  factory: () => MailerUnderTest | Promise<MailerUnderTest>,
): void {
  describe(`Mailer contract: ${name}`, () => {
    let under: MailerUnderTest;
    const run = randomUUID().slice(0, 8);
    let n = 0;
    const token = () => `taal-test-${run}-${++n}`;

    beforeAll(async () => {
      under = await factory();
    });
    afterAll(async () => {
      await under?.mailer.close();
    });

    it('delivers a text message with recipient, subject and body', async () => {
      const t = token();
      const { messageId } = await under.mailer.send({
        to: 'student@example.com',
        subject: `Welcome to Taal ${t}`,
        text: `Hello student, your lesson starts soon. ${t}`,
      });
      expect(messageId).toMatch(/.+@.+/);
      const mail = await findDelivered(under.deliveredDir, t);
      expect(mail.headers.get('to')).toContain('student@example.com');
      expect(mail.headers.get('subject')).toBe(`Welcome to Taal ${t}`);
      expect(mail.headers.get('from')).toBeTruthy();
      expect(mail.headers.get('message-id')).toContain(messageId.replace(/^<|>$/g, ''));
      expect(mail.body).toContain(`Hello student, your lesson starts soon. ${t}`);
    });

    it('delivers to several recipients with an explicit sender', async () => {
      const t = token();
      await under.mailer.send({
        to: ['a@example.com', 'b@example.com'],
        from: 'Bookings <bookings@taal.local>',
        subject: `Booking ${t}`,
        text: `Booked. ${t}`,
      });
      const mail = await findDelivered(under.deliveredDir, t);
      expect(mail.headers.get('to')).toContain('a@example.com');
      expect(mail.headers.get('to')).toContain('b@example.com');
      expect(mail.headers.get('from')).toContain('bookings@taal.local');
    });

    it('delivers html with a text alternative', async () => {
      const t = token();
      await under.mailer.send({
        to: 'teacher@example.com',
        subject: `Html ${t}`,
        text: `plain part ${t}`,
        html: `<p>html part ${t}</p>`,
      });
      const mail = await findDelivered(under.deliveredDir, t);
      expect(mail.headers.get('content-type')).toContain('multipart/alternative');
      expect(mail.body).toContain(`plain part ${t}`);
      expect(mail.body).toContain(`<p>html part ${t}</p>`);
    });

    it('delivers an attachment (a receipt PDF) as a part of its own, byte for byte', async () => {
      const t = token();
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]), Buffer.from(`\n${t}\n%%EOF\n`)]);
      await under.mailer.send({
        to: 'buyer@example.com',
        subject: `Receipt ${t}`,
        text: `Your receipt is attached. ${t}`,
        html: `<p>Your receipt is attached. ${t}</p>`,
        attachments: [{ filename: 'taal-receipt.pdf', content: pdf, contentType: 'application/pdf' }],
      });
      const mail = await findDelivered(under.deliveredDir, t);
      expect(mail.headers.get('content-type')).toContain('multipart/mixed');
      expect(mail.body).toContain(`Your receipt is attached. ${t}`);
      const part = /Content-Type: application\/pdf; name=("?)taal-receipt\.pdf\1\r?\nContent-Transfer-Encoding: base64\r?\nContent-Disposition: attachment; filename=("?)taal-receipt\.pdf\2\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
      expect(part).not.toBeNull();
      expect(Buffer.from(part![3]!.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
    });

    it('refuses a message without a body', async () => {
      await expect(under.mailer.send({ to: 'x@example.com', subject: 'empty' })).rejects.toThrow();
    });
  });
}
