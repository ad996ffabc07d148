/**
 * Test helpers: reading the mails the services sent, from an `.eml` folder (the all-in-one outbox
 * under DATA_DIR/mail, or the SMTP sink's maildir). Kept with the other test helpers, out of any
 * service's production source (issue 39).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SentMail {
  file: string;
  subject: string;
  body: string;
}

/** Every mail in `dir` addressed to `to`, oldest first. */
export function mailsTo(dir: string, to: string): SentMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const out: SentMail[] = [];
  for (const name of names.sort()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const headerEnd = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
    const toHeader = /^To:\s*(.*)$/im.exec(headers)?.[1] ?? '';
    if (!toHeader.toLowerCase().includes(to.toLowerCase())) continue;
    out.push({ file: name, subject: /^Subject:\s*(.*)$/im.exec(headers)?.[1] ?? '', body: decodeQuotedPrintable(raw.slice(headerEnd)) });
  }
  return out;
}

/** Waits for a mail to `to` whose subject matches, and returns the first link in it matching `linkPattern`. */
export async function waitForMailLink(
  dir: string,
  to: string,
  subject: RegExp,
  linkPattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(dir, to)
      .filter((m) => subject.test(m.subject))
      .at(-1);
    const link = mail && linkPattern.exec(mail.body)?.[0];
    if (link) return link;
    if (Date.now() > until) throw new Error(`no mail to ${to} with subject ${subject} and a link ${linkPattern} in ${dir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
