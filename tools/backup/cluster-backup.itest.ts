/**
 * Issue 23: the cluster-mode procedure of `npm run backup -- DIR --cluster` and `npm run restore --
 * DIR --cluster` on the real servers. A cluster with card, wallet and voucher orders, enrolments,
 * gift cards, a settlement receipt (a file in S3) and messaging's messages and notifications (documents
 * on FerretDB) is backed up (per service, pg_dump of its own schema with its own role; messaging's
 * collections; the bucket's objects), stopped and its databases dropped; the backup is restored into
 * a new database, document database and bucket, a new cluster starts on them, and users find every
 * balance, order, enrolment, gift card, earning, file, message and notification again.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { envPrefix } from '@taal/kit';
import { createTestDatabase, requireEnv } from '../testing/backends';
import { newDocumentsUrl, startTestCluster, type TestCluster } from '../testing/cluster';
import { marketplaceView, signInAgain } from '../testing/marketplace-view';
import { serviceDatabaseUrls } from '../testing/service-databases';
import { waitFor } from '../testing/wait';
import {
  api,
  buyGiftCards,
  cardCheckout,
  createVoucher,
  creditWallet,
  demoAccounts,
  giftCardCodesIn,
  giftCardProducts,
  paidCourses,
  redeemGiftCard,
  settle,
  signUpStudents,
  walletCheckout,
  PDF,
  type Account,
} from '../lib/marketplace.cjs';

const root = path.resolve(__dirname, '../..');

async function tool(script: 'backup' | 'restore', dir: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, `tools/backup/${script}.mjs`), dir, '--cluster'], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** Each service's own role URL in a database, as the cluster's env names them. */
async function roleUrls(databaseUrl: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await serviceDatabaseUrls(databaseUrl)).map(([name, url]) => [`${envPrefix(name)}_DATABASE_URL`, url]));
}

const limits = { SIGNUP_MAX_PER_ADDRESS: '1000', SIGNUP_MAX_PER_DOMAIN: '1000' };

describe('backup and restore of a cluster', () => {
  let work: string;
  let cluster: TestCluster | undefined;

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-cluster-backup-'));
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every balance, order, enrolment, gift card, earning and file into a new database and bucket', async () => {
    const maildir = requireEnv('SMTP_MAILDIR');
    const tag = randomUUID().slice(0, 8);
    const firstBucket = `taal-backup-${tag}-a`;
    cluster = await startTestCluster({ ...limits, S3_BUCKET: firstBucket });
    let base = cluster.base;
    const { admin, instructor } = await demoAccounts(base);
    const [buyer, other] = (await signUpStudents(base, admin.token, 2)) as [Account, Account];
    const courses = (await paidCourses(base)).filter((c) => c.instructor === instructor.profile);
    const [courseA, courseB] = courses as [(typeof courses)[0], (typeof courses)[0]];

    await cardCheckout(base, buyer, courseA);
    await creditWallet(base, admin.token, other.id, courseB.price);
    await walletCheckout(base, other, courseB, { voucher: await createVoucher(base, admin.token, { discount: 20 }) });
    const product = (await giftCardProducts(base))[0]!;
    await buyGiftCards(base, buyer, product, 2);
    await waitFor(() => giftCardCodesIn(maildir, buyer.email).length === 2, 'the gift-card codes mail');
    const [used, unused] = giftCardCodesIn(maildir, buyer.email) as [string, string];
    await redeemGiftCard(base, other, used);
    const { get } = api(base);
    await waitFor(async () => (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).due > 0, 'the instructor’s sales');
    await settle(base, admin.token, instructor.profile!, Math.floor((await get(`/instructor/earnings/${instructor.profile}`, admin.token)).due / 2));
    await waitFor(
      async () => (await get(`/classroom/${buyer.id}`, buyer.token)).length === 1 && (await get(`/classroom/${other.id}`, other.token)).length === 1,
      'both enrolments',
    );
    // Messaging's documents: a contact message, a student's message answered (which notifies them),
    // a notification to everyone read by one student.
    const { post } = api(base);
    await post('/contact/', { name: 'Rina', email: 'rina@example.com', message: 'Before the cluster backup' });
    const asked = await post('/contact/instructor/', { to: instructor.profile, message: 'Which raga first?', name: 'Buyer', email: buyer.email, from: buyer.id }, buyer.token);
    await post(`/contact/r/${asked._id}`, { reply: 'Yaman.' }, instructor.token);
    const news = await post('/notification/create', { msg: 'Backed up soon' }, admin.token);
    await api(base).call('DELETE', `/notification/user/${other.id}/${news._id}`, undefined, other.token);
    const messagesSeen = async (b: string, people: { admin: Account; students: Account[] }) => ({
      contacts: (await api(b).get('/contact/general/', people.admin.token)).map((m: { _id: string; message: string }) => [m._id, m.message]),
      answered: (await api(b).get(`/contact/u/p/${buyer.id}`, people.students[0]!.token)).map((m: { _id: string; reply: string }) => [m._id, m.reply]),
      notifications: await Promise.all(
        people.students.map(async (u) => (await api(b).get(`/notification/user/${u.id}/all`, u.token)).map((n: { _id: string; msg: string; read: boolean }) => [n._id, n.msg, n.read])),
      ),
    });

    const accounts = { admin, instructor, students: [buyer, other] };
    const before = await marketplaceView(base, accounts);
    expect(before.receipt?.equals(PDF)).toBe(true);
    const messagesBefore = await messagesSeen(base, accounts);
    expect(messagesBefore.contacts).toContainEqual([expect.any(String), 'Before the cluster backup']);
    expect(messagesBefore.answered).toContainEqual([asked._id, 'Yaman.']);
    expect(messagesBefore.notifications[0]).toContainEqual([news._id, 'Backed up soon', false]);
    expect(messagesBefore.notifications[1]).toContainEqual([news._id, 'Backed up soon', true]);

    const s3 = { S3_ENDPOINT: requireEnv('S3_ENDPOINT'), S3_ACCESS_KEY: requireEnv('S3_ACCESS_KEY'), S3_SECRET_KEY: requireEnv('S3_SECRET_KEY') };
    const backupDir = path.join(work, 'backup');
    await tool('backup', backupDir, { ...(await roleUrls(cluster.databaseUrl)), ...s3, S3_BUCKET: firstBucket, MONGODB_URL: cluster.documentsUrl });
    expect(readdirSync(path.join(backupDir, 'databases')).sort()).toEqual(expect.arrayContaining(['commerce.dump', 'learning.dump', 'payouts.dump', 'store.dump', 'identity.dump']));
    expect(readdirSync(path.join(backupDir, 'documents', 'messaging'))).toEqual(expect.arrayContaining(['contact_messages.jsonl', 'notifications.jsonl']));
    await cluster.stop(); // and its database is dropped
    cluster = undefined;

    // A new install: a new database with each service's role and schema, a new bucket; restored before any service starts.
    const database = await createTestDatabase();
    const secondBucket = `taal-backup-${tag}-b`;
    const documentsUrl = newDocumentsUrl();
    const restored = JSON.parse(await tool('restore', backupDir, { ...(await roleUrls(database.url)), ...s3, S3_BUCKET: secondBucket, MONGODB_URL: documentsUrl }));
    expect(restored.into.documents.messaging.notifications).toBeGreaterThan(0);
    cluster = await startTestCluster({ ...limits, S3_BUCKET: secondBucket }, { database, documentsUrl });
    base = cluster.base;
    // A new cluster run has new token keys: everyone signs in again, with the passwords of before.
    const again = await signInAgain(base, accounts, { [admin.email]: 'admin123', [instructor.email]: 'instructor123' });
    expect(await marketplaceView(base, again)).toEqual(before);
    expect(await messagesSeen(base, again)).toEqual(messagesBefore);
    const [, otherAgain] = again.students as [Account, Account];
    expect(await redeemGiftCard(base, otherAgain, unused)).toMatchObject({ amount: product.value, balance: before.wallets[1].balance + product.value });
    expect((await api(base).call('POST', `/store/gift-card/redeem/${used}/${other.id}`, {}, otherAgain.token)).body.reason).toBe('GIFT_CARD_USED');
  }, 600_000);
});
