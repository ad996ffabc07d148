/**
 * A mass mail's audience read a page at a time and queued in chunks (decision 0088), on each
 * document backend: a crash between a chunk's write and the mail's cursor (the page is read again)
 * neither loses nor doubles a recipient; a crash while a recipient is handed to the mail server
 * makes that one uncertain and no one is mailed twice; the progress's figures equal the mails sent.
 */
import { randomUUID } from 'node:crypto';
import { createLogger, type CallerIdentity, type DocumentStore, type Mailer } from '@taal/kit';
import { backends, type Backend } from '../../../../tools/testing/backends';
import { MailDocuments } from '../store/mails';
import { MassMails } from './mass-mail';
import type { AudienceSource } from './mass-mail-chunks';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 } as CallerIdentity;
const PEOPLE = Array.from({ length: 23 }, (_, i) => ({ email: `listener${String(i).padStart(2, '0')}@example.com`, name: `Listener ${i}`, language: i % 2 ? 'bn' : 'en' }));
const PAGE = 5;

describe.each(backends)('mass mail audience on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let conn: DocumentStore['connection'];
  let docs: MailDocuments;
  const sent: string[] = [];
  const mailer: Mailer = { send: async (m) => (sent.push(String(m.to)), { messageId: randomUUID() }), close: async () => {} };
  const pagesRead: string[] = [];
  // identity's ListMailAudience in id order after a cursor (the last address of the page before).
  const audience: AudienceSource = async (_audience, after, limit = PAGE) => {
    pagesRead.push(after);
    const rest = PEOPLE.filter((p) => p.email > after).slice(0, limit);
    return { members: rest, next: rest.length === limit ? rest.at(-1)!.email : '' };
  };
  const massMailsOf = () => new MassMails(docs, mailer, createLogger('mass-mail-audience-test'), { publicUrl: () => 'https://taal.example', batchSize: 4, audience });

  beforeAll(async () => {
    backend = await makeBackend();
    conn = (await backend.documents()).connection.useDb(`audience_${randomUUID().replace(/-/g, '').slice(0, 10)}`, { useCache: false });
    docs = new MailDocuments(conn);
    await docs.init();
  }, 120_000);
  afterAll(async () => {
    await conn?.dropDatabase().catch(() => {});
    await backend?.close();
  }, 60_000);

  it('queues every page once through a crash between a chunk and its cursor, and mails everyone once through a crash mid-send', async () => {
    let massMails = massMailsOf();
    const { mail } = { mail: await massMails.create({ identity: ADMIN }, { audience: 'allUser', subject: 'Recital', html: '<p>Friday</p>', recipients: [] }) };
    expect(mail).toMatchObject({ status: 'queuing', total: 0 });

    // Two pages queued; then the third is written but the "process dies" before the mail's cursor moves.
    expect(await massMails.queueAudiences()).toBe(1);
    expect(await massMails.queueAudiences()).toBe(1);
    const before = await docs.models.massMails.findById(mail.id).lean();
    expect(await massMails.queueAudiences()).toBe(1);
    await docs.models.massMails.updateOne({ _id: mail.id }, { $set: { chunks: before!.chunks, cursor: before!.cursor, total: before!.total } });

    // A new process: the page is read again, its chunk found by its id, and the rest follows.
    massMails = massMailsOf();
    while ((await massMails.queueAudiences()) > 0);
    expect(await massMails.get(mail.id)).toMatchObject({ status: 'sending', total: PEOPLE.length, sent: 0 });
    expect(pagesRead.filter((p) => p === before!.cursor)).toHaveLength(2); // the page read twice

    // Some sent, then a crash while the next is handed to the mail server.
    expect(await massMails.sendBatch()).toBe(4);
    const progress = await docs.models.progress.findOne({ _id: `${mail.id}:0000000` });
    expect(progress).toMatchObject({ at: 4, flying: [] });
    await docs.models.progress.updateOne({ _id: progress!._id }, { $set: { at: 5, flying: [4] } }); // recipient 4 being handed over
    massMails = massMailsOf();
    await massMails.settleInterrupted();
    for (let n = await massMails.sendBatch(); n > 0; n = await massMails.sendBatch());
    await massMails.sendBatch(); // closes the mail once every chunk is counted

    const mailed = sent.filter((to) => PEOPLE.some((p) => p.email === to));
    expect(new Set(mailed).size).toBe(mailed.length); // no one twice
    expect(mailed).toHaveLength(PEOPLE.length - 1); // all but the uncertain one
    const done = await massMails.get(mail.id);
    expect(done).toMatchObject({ status: 'done', total: PEOPLE.length, sent: PEOPLE.length - 1, uncertain: 1, skipped: 0 });
    expect(done!.rate).toBeGreaterThan(0);
  });
});
