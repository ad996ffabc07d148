import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentStore, startEmbeddedDocumentServer, type DocumentStore, type EmbeddedDocumentServer } from '@taal/kit';
import { requireEnv } from '../../../../tools/testing/env';
import { MessagingDocuments } from './documents';

function describeMessagingDocuments(name: string, open: () => Promise<DocumentStore>) {
  describe(`messaging's documents: ${name}`, () => {
    let store: DocumentStore;
    let docs: MessagingDocuments;
    beforeAll(async () => {
      store = await open();
      docs = new MessagingDocuments(store.connection.useDb(`msg_${randomUUID().replace(/-/g, '').slice(0, 10)}`, { useCache: false }));
      await docs.init();
    }, 60_000);
    afterAll(async () => {
      await docs?.models.notifications.db.dropDatabase().catch(() => {});
      await store?.close();
    }, 60_000);

    it('an event delivered twice (or by racing consumers) makes one notification', async () => {
      const first = await docs.addNotification({ userId: 'u1', msg: 'Order paid', key: 'event:e1' });
      expect(first).not.toBeNull();
      expect(await docs.addNotification({ userId: 'u1', msg: 'Order paid', key: 'event:e1' })).toBeNull();
      const raced = await Promise.all(Array.from({ length: 6 }, () => docs.addNotification({ userId: 'u1', msg: 'Gift card', key: 'event:e2' })));
      expect(raced.filter((n) => n !== null)).toHaveLength(1);
      expect(await docs.models.notifications.countDocuments({ userId: 'u1' })).toBe(2);
    }, 60_000);

    it('notifications racing for the next number all get one, each its own, in the live stream', async () => {
      const before = (await docs.changesAfter(0)).latest;
      const made = await Promise.all(Array.from({ length: 8 }, (_, i) => docs.addNotification({ userId: i % 2 ? 'u2' : null, msg: `n${i}` })));
      expect(made.every((n) => n !== null)).toBe(true);
      const { changes, latest } = await docs.changesAfter(before);
      expect(latest).toBe(before + 8);
      expect(changes.map((c) => c.seq)).toEqual(Array.from({ length: 8 }, (_, i) => before + i + 1));
    }, 60_000);

    it('two writers (processes) each keeping its next number give every notification its own, in the order written; a deleted broadcast’s number is not given again', async () => {
      // Their own database: the other tests count the broadcasts.
      const dbName = `msg_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
      const docs = new MessagingDocuments(store.connection.useDb(dbName, { useCache: false }));
      await docs.init();
      const other = new MessagingDocuments(store.connection.useDb(dbName, { useCache: false }));
      const seqOf = async (id: string) => (await docs.models.notifications.findOne({ _id: id }, { seq: 1 }).lean<{ seq: number }>())!.seq;
      const before = (await docs.changesAfter(0)).latest;
      const seqs: number[] = [];
      let newest = '';
      for (let i = 0; i < 6; i++) {
        newest = (await (i % 3 === 0 ? other : docs).addNotification({ userId: null, msg: `w${i}` }))!.id;
        seqs.push(await seqOf(newest));
      }
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(6);
      expect(seqs[0]).toBeGreaterThan(before);
      // The newest is deleted: the next one still gets a higher number, so a stream that saw it sees the next.
      expect(await docs.deleteBroadcast(newest)).toBe(true);
      const next = (await docs.addNotification({ userId: null, msg: 'after the delete' }))!.id;
      expect(await seqOf(next)).toBeGreaterThan(seqs[5]!);
      expect((await docs.changesAfter(seqs[5]!)).changes.map((c) => c.seq)).toEqual([await seqOf(next)]);
      await docs.models.notifications.db.dropDatabase();
    }, 60_000);

    it('a user reads theirs and everyone’s newest first, marks them read once, and sees what is unread', async () => {
      const mine = await docs.userNotifications('u2', true);
      expect(mine.length).toBe(8); // 4 to u2, 4 to everyone
      expect(mine.every((n) => n.userId === 'u2' || n.userId === '')).toBe(true);
      const unread = await docs.userNotifications('u2', false);
      expect(unread).toHaveLength(8);
      expect(await docs.markRead('u2', mine[0]!.id)).toBe(true);
      expect(await docs.markRead('u2', mine[0]!.id)).toBe(true);
      expect(await docs.markRead('u3', (await docs.userNotifications('u1', true)).find((n) => n.userId === 'u1')!.id)).toBe(false);
      expect(await docs.unreadCount('u2')).toBe(7);
      expect((await docs.userNotifications('u2', true))[0]!.read).toBe(true);
      expect(await docs.models.reads.countDocuments({ userId: 'u2' })).toBe(1);
    }, 60_000);

    it('student–instructor messages: sent, listed newest first for each side, answered', async () => {
      const a = await docs.studentMessages.addStudentMessage({ from: 's1', name: 'S', email: 's@x', to: 'i1', toName: 'I', courseId: 'c1', message: 'first' });
      await new Promise((r) => setTimeout(r, 5));
      const b = await docs.studentMessages.addStudentMessage({ from: 's1', name: 'S', email: 's@x', to: 'i1', toName: 'I', courseId: 'c1', message: 'second' });
      expect((await docs.studentMessages.studentMessagesOf('s1', false, {})).items.map((m) => m.id)).toEqual([b.id, a.id]);
      const answered = await docs.studentMessages.reply(a.id, 'an answer');
      expect(answered).toMatchObject({ id: a.id, status: true, reply: 'an answer' });
      expect((await docs.studentMessages.studentMessagesOf('s1', true, {})).items.map((m) => m.id)).toEqual([a.id]);
      expect((await docs.studentMessages.instructorMessages('i1', false, {})).items.map((m) => m.id)).toEqual([b.id]);
      expect((await docs.studentMessages.instructorMessages('i1', true, {})).items.map((m) => m.id)).toEqual([a.id]);
      expect(await docs.studentMessages.reply(randomUUID(), 'x')).toBeNull();
      const c = await docs.contacts.addContact({ name: 'V', email: 'v@x', message: 'hello' });
      expect((await docs.contacts.markContactReplied(c.id))?.status).toBe(true);
      expect((await docs.contacts.listContacts({})).items.map((x) => x.id)).toContain(c.id);
    }, 60_000);
  });
}

describeMessagingDocuments('FerretDB on PostgreSQL (MONGODB_URL)', () => createDocumentStore(requireEnv('MONGODB_URL')));

let server: EmbeddedDocumentServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);
describeMessagingDocuments('FerretDB on SQLite (embedded)', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'taal-msg-docs-'));
  server = await startEmbeddedDocumentServer(join(dataDir, 'documents'));
  return createDocumentStore(server.url('messaging'));
});
