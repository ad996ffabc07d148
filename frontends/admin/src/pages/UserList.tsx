// /adminuserlist: users by group (back office §2) as cards with View and Suspend/Unsuspend.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage } from '../components/States';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { replaceUser, setSuspended, userTypeLabel } from '../components/users';
import { Empty, Loading, PillTabs } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

// Each section is a filter of GET user/page (decision 0074): the server pages it, newest first.
const SECTIONS = [
  ['users', 'student'],
  ['subscribers', 'subscriber'],
  ['instructors', 'instructor'],
  ['admins', 'admin'],
  ['content', 'content'],
] as const;
type Section = (typeof SECTIONS)[number][0];
export const USER_CARDS_PAGE_SIZE = 12;

function UserCard({ user, onChange }: { user: AdminUser; onChange: (u: AdminUser) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const updated = await setSuspended(t, user, !user.suspend);
    setBusy(false);
    if (updated) onChange(updated);
  };
  return (
    <article className="card user-card" data-testid="user-card" data-email={user.email} data-suspended={user.suspend}>
      <h2>{user.name || '—'}</h2>
      <p className="muted">{userTypeLabel(t, user)}</p>
      <dl>
        <dt>{t('adminUsers.columns.phone')}</dt>
        <dd>{user.phone || '—'}</dd>
        <dt>{t('adminUsers.columns.email')}</dt>
        <dd>{user.email}</dd>
      </dl>
      {user.suspend && <span className="badge badge-warn">{t('adminUsers.status.suspended')}</span>}
      <div className="user-card-actions">
        <Link className="btn btn-outline btn-sm" to={linkTo('/viewuser', { id: user._id })} data-testid="view-user">
          {t('adminUsers.view')}
        </Link>
        <button type="button" className={`btn btn-sm ${user.suspend ? 'btn-primary' : 'btn-danger'}`} disabled={busy} onClick={() => void toggle()} data-testid="toggle-suspend">
          {user.suspend ? t('adminUsers.unsuspend') : t('adminUsers.suspend')}
        </button>
      </div>
    </article>
  );
}

export default function UserList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const section: Section = SECTIONS.find(([s]) => s === params.get('section'))?.[0] ?? 'users';
  const type = SECTIONS.find(([s]) => s === section)![1];
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<AdminUser>>(`user/page?type=${type}&cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/user/page', { params: { query: { type, limit: String(USER_CARDS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const users = list.data?.items;

  return (
    <AdminPage
      title={t('adminUsers.listTitle')}
      testId="admin-user-list"
      actions={
        <>
          <Link className="btn btn-outline btn-sm" to={linkTo('/adminuserlistdetail')}>
            {t('adminUsers.tableTitle')}
          </Link>
          <Link className="btn btn-primary btn-sm" to={linkTo('/createaccount')}>
            {t('adminUsers.createTitle')}
          </Link>
        </>
      }
    >
      <PillTabs
        className="admin-sections"
        tabs={SECTIONS.map(([s]) => s)}
        selected={section}
        onSelect={(s) => setParams({ section: s })}
        label={(s) => t(`adminUsers.sections.${s}`)}
        testIdPrefix="section"
      />
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : list.loading && !users ? (
        <Loading />
      ) : !users?.length ? (
        <Empty />
      ) : (
        <>
          <div className="user-grid" data-testid="user-grid" aria-busy={list.loading}>
            {users.map((u) => (
              <UserCard key={u._id} user={u} onChange={(updated) => list.setData((d) => d && { ...d, items: replaceUser(d.items, updated) ?? d.items })} />
            ))}
          </div>
          <KeysetPager position={position} next={list.data?.next} />
        </>
      )}
    </AdminPage>
  );
}
