// /admin: the dashboard. Only the user figures exist so far; the rest arrives with the other
// back-office services.
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatDate } from '@taal/web-shared/format';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage, LoadError, Loading, NoData } from '../components/States';
import { userTypeLabel } from '../components/users';

export const RECENT_USERS = 5;

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const users = useAdminGet<AdminUser[]>('user/', () => answer(authApi.GET('/api/v1/user/')));
  const recent = [...(users.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_USERS);
  const byType = (type: number) => users.data?.filter((u) => u.type === type).length ?? 0;
  return (
    <AdminPage title={t('admin.title')} testId="admin-dashboard">
      {users.error ? (
        <LoadError onRetry={users.reload} />
      ) : users.loading && !users.data ? (
        <Loading />
      ) : (
        <>
          <div className="stat-grid">
            {(
              [
                ['students', byType(4)],
                ['subscribers', users.data?.filter((u) => u.subscriber).length ?? 0],
                ['instructors', byType(3)],
                ['admins', byType(1)],
              ] as [string, number][]
            ).map(([k, v]) => (
              <div key={k} className="card stat" data-testid={`dash-${k}`}>
                <span className="stat-label">{t(`admin.dashboardCounts.${k}`)}</span>
                <strong className="stat-value">{v}</strong>
              </div>
            ))}
          </div>
          <div className="card">
            <h2>{t('admin.recentUsers')}</h2>
            {!recent.length ? (
              <NoData />
            ) : (
              <ul className="recent-list">
                {recent.map((u) => (
                  <li key={u._id}>
                    <Link to={`/viewuser?id=${encodeURIComponent(u._id)}`}>{u.name}</Link> <span className="muted">{u.email}</span> <span className="badge">{userTypeLabel(t, u)}</span>{' '}
                    <span className="muted">{formatDate(u.createdAt, i18n.language)}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/adminuserlist">{t('admin.allUsers')}</Link>
          </div>
        </>
      )}
    </AdminPage>
  );
}
