/**
 * What the people of a marketplace see of its money (issue 23): students' wallets, orders and
 * classrooms, the gift cards and their use, an instructor's earnings and settlements with the
 * first receipt's bytes. Two views taken before and after a backup/restore (or a fault) compare equal.
 */
import { api, login, type Account } from '../lib/marketplace.cjs';

export interface ViewedAccounts {
  admin: Account;
  instructor: Account;
  students: Account[];
}

export async function marketplaceView(base: string, { admin, instructor, students }: ViewedAccounts) {
  const { get, call } = api(base);
  const settlements = await get(`/instructor/settlement/${instructor.profile}`, instructor.token);
  const receipt = settlements[0] ? ((await call('GET', settlements[0].receipt.replace('/api/v1', ''), undefined, instructor.token)).body.raw as Buffer) : null;
  return {
    wallets: await Promise.all(students.map((s) => get(`/wallet/${s.id}`, s.token))),
    orders: await Promise.all(students.map((s) => get(`/order/${s.id}`, s.token))),
    classrooms: await Promise.all(
      students.map(async (s) => ((await get(`/classroom/${s.id}`, s.token)) as { enrolment: unknown }[]).map((c) => c.enrolment)),
    ),
    giftCards: ((await get('/store/gift-card/', admin.token)) as { _id: string; used: boolean }[]).map((c) => [c._id, c.used]).sort(),
    earnings: await get(`/instructor/earnings/${instructor.profile}`, admin.token),
    settlements,
    receipt,
  };
}

/** The same accounts signed in again (a cluster started anew has new token keys). */
export async function signInAgain(base: string, accounts: ViewedAccounts, passwords: Record<string, string>): Promise<ViewedAccounts> {
  const again = (a: Account) => login(base, a.email, passwords[a.email] ?? 'secret1');
  return { admin: await again(accounts.admin), instructor: await again(accounts.instructor), students: await Promise.all(accounts.students.map(again)) };
}
