// /adminuserlistdetail (every user, 5 a page, mark verified) and /adminsubsciberlist
// (subscribers, 20 a page): tables with copy, CSV and print (back office §2).
import { useMemo, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage } from '../components/States';
import { markVerified, replaceUser, userColumns } from '../components/users';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';

export const USER_TABLE_PAGE_SIZE = 5;
export const SUBSCRIBER_TABLE_PAGE_SIZE = 20;

function VerifyButton({ user, onDone }: { user: AdminUser; onDone: (u: AdminUser) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (user.emailVerify) return <span className="badge badge-ok">{t('adminUsers.verification.verified')}</span>;
  return (
    <span className="verify-cell">
      <span className="badge badge-warn">{t('adminUsers.verification.notVerified')}</span>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={busy}
        data-testid="mark-verified"
        onClick={async () => {
          setBusy(true);
          const updated = await markVerified(t, user, 'table');
          setBusy(false);
          if (updated) onDone(updated);
        }}
      >
        {t('adminUsers.markVerified')}
      </button>
    </span>
  );
}

export function UserTable() {
  const { t, i18n } = useTranslation();
  const list = useAdminGet<AdminUser[]>('user/', () => answer(authApi.GET('/api/v1/user/')));
  const columns = useMemo<Column<AdminUser>[]>(() => {
    const base = userColumns(t, i18n.language);
    return base.map((c) => (c.key === 'verification' ? { ...c, render: (u: AdminUser) => <VerifyButton user={u} onDone={(x) => list.setData((d) => replaceUser(d, x))} /> } : c));
  }, [t, i18n.language]);
  return (
    <AdminPage title={t('adminUsers.tableTitle')} testId="admin-user-table">
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable title={t('adminUsers.tableTitle')} columns={columns} rows={list.data} loading={list.loading} pageSize={USER_TABLE_PAGE_SIZE} rowKey={(u) => u._id} fileName="users.csv" testId="users-table" />
      )}
    </AdminPage>
  );
}

export function SubscriberTable() {
  const { t, i18n } = useTranslation();
  const list = useAdminGet<AdminUser[]>('user/type/subscriber', () => answer(authApi.GET('/api/v1/user/type/subscriber')));
  const columns = useMemo(() => userColumns(t, i18n.language), [t, i18n.language]);
  return (
    <AdminPage title={t('adminUsers.subscriberTitle')} testId="admin-subscriber-table">
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminUsers.subscriberTitle')}
          columns={columns}
          rows={list.data}
          loading={list.loading}
          pageSize={SUBSCRIBER_TABLE_PAGE_SIZE}
          rowKey={(u) => u._id}
          fileName="subscribers.csv"
          testId="subscribers-table"
        />
      )}
    </AdminPage>
  );
}
