// /viewuser?id=…: one user's details (back office §2), with suspend / unsuspend and verify.
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, ApiError, authApi } from '@taal/web-shared/api';
import { formatDate, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage } from '../components/States';
import { markVerified, setSuspended, UserPhoto, userTypeLabel } from '../components/users';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

// The wallet statement (issue 41), the same the student sees, loaded with a student's view only.
const WalletStatement = lazy(() => import('@taal/web-shared/wallet-statement'));
// The wallet credit (issue 53, decision 0069): with the statement, for students only.
const WalletCredit = lazy(() => import('./WalletCredit'));

export default function ViewUser() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const user = useAdminGet<AdminUser>(id ? `user/${id}/` : null, () => answer(authApi.GET('/api/v1/user/{id}/', { params: { path: { id: id ?? '' } } })));
  const [busy, setBusy] = useState(false);
  // Counts the credits made here: the statement is read again after each one.
  const [credits, setCredits] = useState(0);
  const u = user.data;

  const act = async (fn: () => Promise<AdminUser | null>) => {
    setBusy(true);
    const updated = await fn();
    setBusy(false);
    if (updated) user.setData(() => updated);
  };

  let body;
  if (!id || (user.error instanceof ApiError && user.error.status === 404)) body = <Empty />;
  else if (user.loading && !u) body = <Loading />;
  else if (user.error || !u) body = <LoadError onRetry={user.reload} />;
  else {
    const rows: [string, string][] = [
      [t('adminUsers.columns.studentId'), u.studentId],
      [t('adminUsers.columns.email'), u.email],
      [t('adminUsers.columns.phone'), u.phone || '—'],
      [t('adminUsers.columns.address'), u.address || '—'],
      [t('adminUsers.columns.dob'), localDigits(u.dob || '—')],
      [t('adminUsers.columns.userType'), userTypeLabel(t, u)],
      [t('adminUsers.columns.status'), u.suspend ? t('adminUsers.status.suspended') : t('adminUsers.status.active')],
      [t('adminUsers.columns.verification'), u.emailVerify ? t('adminUsers.verification.verified') : t('adminUsers.verification.notVerified')],
      [t('adminUsers.columns.joinDate'), formatDate(u.createdAt, i18n.language)],
      // A student's balance is commerce's ledger: the wallet statement below shows it (issue 41);
      // identity's own column is not kept up to date with it.
      ...(u.type === UserRoles.student ? [] : ([[t('adminUsers.fields.balance'), t('common.bdt', { amount: poishaToBdt(u.balance) })]] as [string, string][])),
      [t('adminUsers.fields.pendingBalance'), t('common.bdt', { amount: poishaToBdt(u.pending_balance) })],
      [t('adminUsers.fields.referralCode'), u.referralCode || '—'],
      [t('adminUsers.fields.loginFrom'), u.loginFrom || t('adminUsers.fields.emailLogin')],
      // The age rule (decision 0047): only accounts that needed a guardian show it.
      ...(u.guardianStatus
        ? ([
            [t('ageRule.adminStatus'), t(u.guardianStatus === 'pending' ? 'ageRule.adminPending' : 'ageRule.adminApproved')],
            [t('ageRule.guardianEmail'), u.guardianEmail],
          ] as [string, string][])
        : []),
    ];
    body = (
      <div className="card view-user" data-testid="view-user-card">
        <div className="view-user-head">
          <UserPhoto path={u.photo} name={u.name} />
          <div>
            <h2 data-testid="view-user-name">{u.name}</h2>
            <p className="muted">{userTypeLabel(t, u)}</p>
            <div className="user-card-actions">
              <button type="button" className={`btn btn-sm ${u.suspend ? 'btn-primary' : 'btn-danger'}`} disabled={busy} data-testid="toggle-suspend" onClick={() => void act(() => setSuspended(t, u, !u.suspend))}>
                {u.suspend ? t('adminUsers.unsuspend') : t('adminUsers.suspend')}
              </button>
              {!u.emailVerify && (
                <button type="button" className="btn btn-outline btn-sm" disabled={busy} data-testid="mark-verified" onClick={() => void act(() => markVerified(t, u, 'view'))}>
                  {t('adminUsers.markVerified')}
                </button>
              )}
            </div>
          </div>
        </div>
        <dl className="details">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }
  return (
    <AdminPage
      title={t('adminUsers.viewTitle')}
      testId="admin-view-user"
      actions={
        <Link className="btn btn-outline btn-sm" to={linkTo('/adminuserlist')}>
          {t('adminUsers.backToList')}
        </Link>
      }
    >
      {body}
      {u && u.type === UserRoles.student && (
        <div className="card view-user-wallet">
          <h2>{t('wallet.statementTitle')}</h2>
          <Suspense fallback={<Loading />}>
            <WalletStatement key={credits} userId={u._id} testId="admin-wallet-statement" staff />
            <WalletCredit userId={u._id} name={u.name} onCredited={() => setCredits((n) => n + 1)} />
          </Suspense>
        </div>
      )}
    </AdminPage>
  );
}
