// /adminuserlistdetail (every user, 5 a page, mark verified, found by e-mail or student id) and
// /adminsubsciberlist (subscribers, 20 a page): tables with copy, CSV and print of the page shown
// (back office §2), paged by the server newest first (GET user/page, decision 0074).
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser, type Loaded } from '../components/data';
import { AdminPage } from '../components/States';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { markVerified, replaceUser, userColumns } from '../components/users';
import { type Column, DataTable } from '@taal/web-shared/ui';

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

/** One page of users of GET user/page (its cursor in the address), `type` and an exact search. */
function useUserPage(type: 'all' | 'subscriber', limit: number, q: string) {
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<AdminUser>>(`user/page?type=${type}&limit=${limit}&q=${q}&cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/user/page', { params: { query: { type, limit: String(limit), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })),
  );
  return { position, list };
}

const replaceIn = (list: Loaded<KeysetPage<AdminUser>>, user: AdminUser) => list.setData((d) => d && { ...d, items: replaceUser(d.items, user) ?? d.items });

/** The table's search: one user by e-mail address or student id (?q= in the address, from the first page). */
function FindUser({ q }: { q: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <form className="card find-user" role="search" onSubmit={submit} data-testid="find-user">
      <label>
        {t('adminUsers.findUser')}
        <input type="search" name="q" value={draft} maxLength={254} onChange={(e) => setDraft(e.target.value)} aria-describedby="find-user-hint" data-testid="find-user-input" />
      </label>
      <button type="submit" className="btn btn-primary btn-sm">
        {t('admin.table.search')}
      </button>
      {q && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            setDraft('');
            setParams({});
          }}
          data-testid="find-user-clear"
        >
          {t('adminUsers.showAll')}
        </button>
      )}
      <p id="find-user-hint" className="muted">
        {t('adminUsers.findUserHint')}
      </p>
    </form>
  );
}

export function UserTable() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { position, list } = useUserPage('all', USER_TABLE_PAGE_SIZE, q);
  const columns = useMemo<Column<AdminUser>[]>(() => {
    const base = userColumns(t, i18n.language);
    return base.map((c) => (c.key === 'verification' ? { ...c, render: (u: AdminUser) => <VerifyButton user={u} onDone={(x) => replaceIn(list, x)} /> } : c));
  }, [t, i18n.language]);
  return (
    <AdminPage title={t('adminUsers.tableTitle')} testId="admin-user-table">
      <FindUser key={q} q={q} />
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminUsers.tableTitle')}
          columns={columns}
          rows={list.data?.items}
          loading={list.loading}
          pageSize={USER_TABLE_PAGE_SIZE}
          rowKey={(u) => u._id}
          fileName="users.csv"
          keyset={<KeysetPager position={position} next={list.data?.next} />}
          testId="users-table"
        />
      )}
    </AdminPage>
  );
}

export function SubscriberTable() {
  const { t, i18n } = useTranslation();
  const { position, list } = useUserPage('subscriber', SUBSCRIBER_TABLE_PAGE_SIZE, '');
  const columns = useMemo(() => userColumns(t, i18n.language), [t, i18n.language]);
  return (
    <AdminPage title={t('adminUsers.subscriberTitle')} testId="admin-subscriber-table">
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminUsers.subscriberTitle')}
          columns={columns}
          rows={list.data?.items}
          loading={list.loading}
          pageSize={SUBSCRIBER_TABLE_PAGE_SIZE}
          rowKey={(u) => u._id}
          fileName="subscribers.csv"
          keyset={<KeysetPager position={position} next={list.data?.next} />}
          testId="subscribers-table"
        />
      )}
    </AdminPage>
  );
}
