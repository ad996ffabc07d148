import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../ports/mail';

export interface SmtpMailerOptions {
  /** e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…`; nodemailer URL query options apply. */
  url: string;
  /** Default sender, e.g. `Taal <no-reply@taal.local>`. */
  from: string;
}

export interface OutboxMailerOptions {
  /** Folder receiving one `.eml` per message, e.g. `$DATA_DIR/mail`. */
  dir: string;
  from: string;
}

export interface OutboxMailer extends Mailer {
  readonly dir: string;
}

function toMail(message: MailMessage, from: string) {
  if (!message.text && !message.html) throw new Error('A mail message needs text or html');
  return {
    from: message.from ?? from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
      : {}),
  };
}

/**
 * Sends mail over SMTP with nodemailer, over pooled connections (kept open and reused: a mass mail
 * sends thousands; decision 0088) unless the URL says `pool=false`.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const url = /[?&]pool=/.test(options.url) ? options.url : `${options.url}${options.url.includes('?') ? '&' : '?'}pool=true`;
  // Plain SMTP (STARTTLS upgrades it later) on a socket without Nagle's delay: a message's last small
  // write otherwise waits for the server's delayed ACK, about 40 ms a mail (decision 0088).
  const plain = url.startsWith('smtp:');
  const transport: Transporter = createTransport(url, {}) as Transporter;
  if (plain) (transport as unknown as { getSocket: typeof noDelaySocket }).getSocket = noDelaySocket;
  return {
    async send(message) {
      const info = (await transport.sendMail(toMail(message, options.from))) as { messageId: string };
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

/** nodemailer's `getSocket`: a TCP connection to the server with TCP_NODELAY. */
function noDelaySocket(target: { host?: string; port?: number }, callback: (err: Error | null, socket?: { connection: Socket }) => void): void {
  const socket = connect(target.port ?? 25, target.host ?? 'localhost');
  socket.setNoDelay(true);
  const failed = (err: Error) => callback(err);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    callback(null, { connection: socket });
  });
}

let sequence = 0;

/** `20250102T030405678Z-000001-1a2b3c.eml`: sorts by time, then by order within this process. */
function outboxFileName(): string {
  const time = new Date().toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${time}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * Embedded-mode mailer: writes each message as a complete RFC 5322 `.eml` file (built by
 * nodemailer's stream transport) into `dir`, atomically (temp file + rename). `dir` must be a
 * folder, not a link: a send through a link is refused with an error.
 */
export function createOutboxMailer(options: OutboxMailerOptions): OutboxMailer {
  const dir = path.resolve(options.dir);
  const transport = createTransport({ streamTransport: true, buffer: true });
  return {
    dir,
    async send(message) {
      const info = (await transport.sendMail(toMail(message, options.from))) as {
        messageId: string;
        message: Buffer;
      };
      // Mail carries sign-in and reset links: this user's eyes only.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 }).catch(() => undefined); // checked next
      // The outbox is a folder of its own, never a link (decision 0037: a restored link once had
      // mail written outside DATA_DIR); a new file only ('wx': never written through a planted link).
      const stat = await fs.lstat(dir);
      if (!stat.isDirectory()) {
        throw new Error(`mail outbox ${dir} is ${stat.isSymbolicLink() ? 'a link' : 'not a folder'}: no mail is written through it (make it a folder of DATA_DIR)`);
      }
      const name = outboxFileName();
      const tmp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message, { mode: 0o600, flag: 'wx' });
      await fs.rename(tmp, path.join(dir, name));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
