#!/usr/bin/env node
// A local SMTP server that keeps everything it receives, for development and the
// integration tests. Started in the background by tools/infra/up.
//
//   node tools/infra/smtp-sink.mjs --port 52525 --maildir <dir> [--tmpdir <dir>]
//
// Listens on 127.0.0.1 only, no TLS, no authentication. Each accepted message is
// written as a raw RFC 5322 `.eml` file with a unique name into the maildir: it is
// first written into tmpdir and then renamed, so a reader never sees a partial file.
import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SMTPServer } from 'smtp-server';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (fallback !== undefined) return fallback;
  console.error(`smtp-sink: missing --${name}`);
  process.exit(2);
}

const port = Number(arg('port', '52525'));
const host = arg('host', '127.0.0.1');
const maildir = arg('maildir');
const tmpdir = arg('tmpdir', join(maildir, '..', 'tmp'));
mkdirSync(maildir, { recursive: true });
mkdirSync(tmpdir, { recursive: true });

let counter = 0;
function uniqueName() {
  counter += 1;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${process.pid}-${counter}-${randomBytes(4).toString('hex')}.eml`;
}

const server = new SMTPServer({
  name: 'taal-smtp-sink',
  banner: 'Taal local SMTP sink',
  secure: false,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  size: 50 * 1024 * 1024,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('error', (err) => callback(err));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        const err = new Error('Message exceeds the size limit');
        err.responseCode = 552;
        callback(err);
        return;
      }
      try {
        const name = uniqueName();
        const tmp = join(tmpdir, name);
        writeFileSync(tmp, Buffer.concat(chunks));
        renameSync(tmp, join(maildir, name));
        const rcpt = session.envelope.rcptTo.map((r) => r.address).join(',');
        console.log(`${new Date().toISOString()} stored ${name} from=${session.envelope.mailFrom && session.envelope.mailFrom.address} to=${rcpt}`);
        callback(null, `Stored as ${name}`);
      } catch (err) {
        console.error('smtp-sink: could not store message:', err);
        callback(err);
      }
    });
  },
});

server.on('error', (err) => {
  console.error('smtp-sink: server error:', err);
  if (err && (err.code === 'EADDRINUSE' || err.code === 'EACCES')) process.exit(1);
});

server.listen(port, host, () => {
  console.log(`${new Date().toISOString()} smtp-sink listening on ${host}:${port}, maildir ${maildir}`);
});

function shutdown(signal) {
  console.log(`${new Date().toISOString()} smtp-sink: ${signal}, closing`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
