/**
 * Issue 23: `npm run backup -- DIR` and `npm run restore -- DIR` in all-in-one mode. A marketplace
 * with card, wallet and voucher orders, enrolments, gift cards (one redeemed, one not) and a
 * settlement with its PDF receipt is backed up (refused while the all-in-one runs), restored into a
 * NEW DATA_DIR, and started from it: every balance, order, enrolment, gift card, earning, receipt
 * file and mail is there, and every message and notification (messaging's documents: the embedded
 * FerretDB's SQLite files under DATA_DIR/documents, decision 0043), sign-ins made before the backup still work, and the unused gift card
 * still redeems once.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startAllInOne } from '@taal/launcher';
import { marketplaceView } from '../testing/marketplace-view';
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
const execFileAsync = promisify(execFile);

/** Runs a tool as an operator would (`npm run backup -- DIR` is `node tools/backup/backup.mjs DIR`). */
async function tool(script: 'backup' | 'restore', dir: string, dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [path.join(root, `tools/backup/${script}.mjs`), dir], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const env = { PORT: '0', HOST: '127.0.0.1', SIGNUP_MAX_PER_ADDRESS: '1000', SIGNUP_MAX_PER_DOMAIN: '1000', LOG_LEVEL: 'warn' };

describe('backup and restore of the all-in-one', () => {
  let work: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>> | undefined;

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-backup-'));
  });
  afterAll(async () => {
    await taal?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every balance, order, enrolment, gift card, earning, file and mail into a new DATA_DIR', async () => {
    const first = path.join(work, 'data');
    taal = await startAllInOne({ ...env, DATA_DIR: first });
    let base = `http://127.0.0.1:${taal.port}`;
    const { admin, instructor, student } = await demoAccounts(base);
    const [other] = (await signUpStudents(base, admin.token, 1)) as [Account];
    const courses = (await paidCourses(base)).filter((c) => c.instructor === instructor.profile);
    expect(courses.length).toBeGreaterThanOrEqual(2);
    const [courseA, courseB] = courses as [(typeof courses)[0], (typeof courses)[0]];

    // A card order, a wallet order with a voucher, two gift cards (one redeemed), a settlement.
    await cardCheckout(base, student, courseA);
    await creditWallet(base, admin.token, other.id, courseB.price);
    const voucher = await createVoucher(base, admin.token, { discount: 20 });
    await walletCheckout(base, other, courseB, { voucher });
    const product = (await giftCardProducts(base))[0]!;
    await buyGiftCards(base, student, product, 2);
    await waitFor(() => giftCardCodesIn(path.join(first, 'mail'), student.email).length === 2, 'the gift-card codes mail');
    const [used, unused] = giftCardCodesIn(path.join(first, 'mail'), student.email) as [string, string];
    await redeemGiftCard(base, other, used);
    const { get } = api(base);
    await waitFor(async () => (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).due > 0, 'the instructor’s sales');
    const due = (await get(`/instructor/earnings/${instructor.profile}`, admin.token)).due as number;
    await settle(base, admin.token, instructor.profile!, Math.floor(due / 2));
    await waitFor(
      async () => (await get(`/classroom/${student.id}`, student.token)).length === 1 && (await get(`/classroom/${other.id}`, other.token)).length === 1,
      'both enrolments',
    );

    // Messages and notifications (messaging's documents): a contact message, a student's message
    // answered (which notifies them), a notification to everyone read by one student.
    const { post } = api(base);
    await post('/contact/', { name: 'Rina', email: 'rina@example.com', message: 'Before the backup' });
    const asked = await post('/contact/instructor/', { to: instructor.profile, message: 'Which raga first?', name: 'Demo Student', email: student.email, from: student.id }, student.token);
    await post(`/contact/r/${asked._id}`, { reply: 'Yaman.' }, instructor.token);
    const news = await post('/notification/create', { msg: 'Backed up soon' }, admin.token);
    await api(base).call('DELETE', `/notification/user/${other.id}/${news._id}`, undefined, other.token);
    const messagesSeen = async (b: string) => ({
      contacts: (await api(b).get('/contact/general/', admin.token)).map((m: { _id: string; message: string }) => [m._id, m.message]),
      answered: (await api(b).get(`/contact/u/p/${student.id}`, student.token)).map((m: { _id: string; reply: string }) => [m._id, m.reply]),
      notifications: await Promise.all(
        [student, other].map(async (u) => (await api(b).get(`/notification/user/${u.id}/all`, u.token)).map((n: { _id: string; msg: string; read: boolean }) => [n._id, n.msg, n.read])),
      ),
    });
    const messagesBefore = await messagesSeen(base);
    expect(messagesBefore.answered).toContainEqual([asked._id, 'Yaman.']);
    expect(messagesBefore.notifications[1]).toContainEqual([news._id, 'Backed up soon', true]);
    expect(messagesBefore.notifications[0]).toContainEqual([news._id, 'Backed up soon', false]);

    // What the users and the back office see, to find again after the restore.
    const accounts = { admin, instructor, students: [student, other] };
    const seen = (b: string) => marketplaceView(b, accounts);
    const before = await seen(base);
    expect(before.wallets[1].balance).toBe(courseB.price - before.orders[1][0].walletUsed + product.value);
    expect(before.giftCards.filter(([, isUsed]) => isUsed)).toHaveLength(1);
    expect(before.receipt?.equals(PDF)).toBe(true);

    // While the all-in-one runs, the backup is refused with a clear reason.
    const refused = await tool('backup', path.join(work, 'refused'), first);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/the all-in-one is running on .* \(pid \d+\): stop it/);

    await taal.stop();
    taal = undefined;
    // The mails as the stopped all-in-one left them (a receipt may still be written after the last answer).
    const mails = readdirSync(path.join(first, 'mail')).sort();
    const backupDir = path.join(work, 'backup');
    const made = await tool('backup', backupDir, first);
    expect(made).toMatchObject({ code: 0 });
    expect(readdirSync(backupDir).sort()).toEqual(['data', 'manifest.json', 'postgres.tar.gz']);

    // Never over an existing marketplace; a damaged backup restores nothing.
    expect((await tool('restore', backupDir, first)).out).toMatch(/is not empty: restore into a new DATA_DIR/);
    const damaged = path.join(work, 'damaged');
    mkdirSync(damaged);
    await execFileAsync('cp', ['-a', `${backupDir}/.`, damaged]);
    writeFileSync(path.join(damaged, 'postgres.tar.gz'), 'not a dump');
    expect((await tool('restore', damaged, path.join(work, 'nowhere'))).out).toMatch(/postgres\.tar\.gz differs from the manifest/);

    const second = path.join(work, 'restored');
    expect(await tool('restore', backupDir, second)).toMatchObject({ code: 0 });
    rmSync(first, { recursive: true, force: true }); // nothing can come from the old folder
    taal = await startAllInOne({ ...env, DATA_DIR: second });
    base = `http://127.0.0.1:${taal.port}`;

    // Tokens signed before the backup still hold (identity's keys came along), and everything is there.
    expect(await seen(base)).toEqual(before);
    expect(await messagesSeen(base)).toEqual(messagesBefore);
    expect(readdirSync(path.join(second, 'mail')).sort()).toEqual(mails);
    // The unused card redeems once, into the restored balance; the used one stays used.
    expect(await redeemGiftCard(base, other, unused)).toMatchObject({ amount: product.value, balance: before.wallets[1].balance + product.value });
    expect((await api(base).call('POST', `/store/gift-card/redeem/${used}/${other.id}`, {}, other.token)).body.reason).toBe('GIFT_CARD_USED');
    // And it takes new business: another card order is paid and enrols.
    await cardCheckout(base, other, courseA);
    await waitFor(async () => (await api(base).get(`/classroom/${other.id}`, other.token)).length === 2, 'the new enrolment');
  }, 300_000);
});
