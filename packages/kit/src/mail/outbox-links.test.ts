/**
 * Issue 36 (decision 0037): the all-in-one's mail outbox ($DATA_DIR/mail) writes no mail through a
 * link (an attack run restored `mail` as a link and mail was written outside DATA_DIR): the send is
 * refused and nothing lands where the link points. A folder outbox still gets its `.eml`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOutboxMailer } from './index';

describe('the mail outbox and links', () => {
  let work: string;
  const message = { to: 'student@taal.local', subject: 'Your sign-in link', text: 'https://taal.local/login?token=secret' };

  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-outbox-links-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('writes a mail into its folder', async () => {
    const mailer = createOutboxMailer({ dir: path.join(work, 'data', 'mail'), from: 'Taal <no-reply@taal.local>' });
    await mailer.send(message);
    expect(readdirSync(path.join(work, 'data', 'mail'))).toEqual([expect.stringMatching(/\.eml$/)]);
    await mailer.close();
  });

  it('writes nothing through an outbox that is a link', async () => {
    const outside = path.join(work, 'outside');
    mkdirSync(outside);
    mkdirSync(path.join(work, 'data'));
    symlinkSync(outside, path.join(work, 'data', 'mail'));
    const mailer = createOutboxMailer({ dir: path.join(work, 'data', 'mail'), from: 'Taal <no-reply@taal.local>' });
    await expect(mailer.send(message)).rejects.toThrow(/mail outbox .* is a link/);
    expect(readdirSync(outside)).toEqual([]);
    await mailer.close();
  });
});
