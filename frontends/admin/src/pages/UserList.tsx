// /adminuserlist: users by group (back office §2) as cards with View and Suspend/Unsuspend.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage } from '../components/States';
import { replaceUser, setSuspended, userTypeLabel } from '../components/users';
import { AsyncView, Empty, pageOf, Pager, PillTabs } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

const ofType = (type: number) => () => answer(authApi.GET('/api/v1/user/type/{type}', { params: { path: { type: String(type) as '1' | '2' | '3' | '4' } } }));
const SECTIONS = [
  ['users', 'user/type/student', () => answer(authApi.GET('/api/v1/user/type/student'))],
  ['subscribers', 'user/type/subscriber', () => answer(authApi.GET('/api/v1/user/type/subscriber'))],
  ['instructors', `user/type/${UserRoles.instructor}`, ofType(UserRoles.instructor)],
  ['admins', `user/type/${UserRoles.admin}`, ofType(UserRoles.admin)],
  ['content', `user/type/${UserRoles.content}`, ofType(UserRoles.content)],
] as const;
type Section = (typeof SECTIONS)[number][0];
const PAGE_SIZE = 12;

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
  const section: Section = (SECTIONS.find(([s]) => s === params.get('section'))?.[0] ?? 'users') as Section;
  const [, path, load] = SECTIONS.find(([s]) => s === section)!;
  const list = useAdminGet<AdminUser[]>(path, load);
  const [page, setPage] = useState(0);
  const view = pageOf(list.data ?? [], page, PAGE_SIZE);

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
        onSelect={(s) => {
          setPage(0);
          setParams({ section: s });
        }}
        label={(s) => t(`adminUsers.sections.${s}`)}
        testIdPrefix="section"
      />
      <AsyncView state={list} empty={<Empty />} isEmpty={() => !view.rows.length}>
        {(data) => (
          <>
            <p className="muted" data-testid="user-count">
              {t('adminUsers.count', { count: data?.length ?? 0 })}
            </p>
            <div className="user-grid">
              {view.rows.map((u) => (
                <UserCard key={u._id} user={u} onChange={(updated) => list.setData((d) => replaceUser(d, updated))} />
              ))}
            </div>
            <Pager page={view.page} pages={view.pages} onPage={setPage} />
          </>
        )}
      </AsyncView>
    </AdminPage>
  );
}
