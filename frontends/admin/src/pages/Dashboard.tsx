// /admin: the dashboard (back office §2, §9): user figures and the 5 recent users, the counters,
// sales per instructor (chart), the orders of the last 30 days (chart per day and the recent
// ones) and the 5 newest messages of each kind.
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatDate } from '@taal/web-shared/format';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage, LoadError, Loading, NoData } from '../components/States';
import { userTypeLabel } from '../components/users';
import { poishaToBdt } from '@taal/web-shared/format';
import { addDays, dhakaDay } from '@taal/contracts/web';
import { Chart } from '../components/Chart';

export const RECENT_USERS = 5;
const RECENT_MESSAGES = 5;

type RecentOrder = { _id: string; userName: string; amount: number; state: string; createdAt: string };
type Message = { _id: string; name: string; email: string; message: string };

function DashboardExtras() {
  const { t, i18n } = useTranslation();
  const instructors = useAdminGet<{ _id: string; name: string; saleCount: number }[]>('analytics/secure/instructor', () => answer(authApi.GET('/api/v1/analytics/secure/instructor')));
  const orders = useAdminGet<RecentOrder[]>('order/list', () => answer(authApi.GET('/api/v1/order/list')));
  const general = useAdminGet<Message[]>('contact/general/', () => answer(authApi.GET('/api/v1/contact/general/')));
  const student = useAdminGet<Message[]>('contact/student/', () => answer(authApi.GET('/api/v1/contact/student/')));
  const today = dhakaDay();
  const days = Array.from({ length: 31 }, (_, i) => addDays(today, i - 30));
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const o of orders.data ?? []) {
    const d = dhakaDay(o.createdAt);
    if (perDay.has(d)) perDay.set(d, perDay.get(d)! + 1);
  }
  const messages = (title: string, list: Message[] | undefined, testId: string) => (
    <div className="card section" data-testid={testId}>
      <h2>{title}</h2>
      {!list?.length ? (
        <NoData />
      ) : (
        <ul className="recent-list">
          {list.slice(0, RECENT_MESSAGES).map((m) => (
            <li key={m._id}>
              <strong>{m.name}</strong> <span className="muted">{m.email}</span> {m.message.slice(0, 80)}
            </li>
          ))}
        </ul>
      )}
      <Link to="/adminmessages">{t('payouts.dashboard.allMessages')}</Link>
    </div>
  );
  return (
    <>
      <div className="card chart-card" data-testid="dash-instructor-sales">
        <h2>{t('payouts.salesPerInstructor')}</h2>
        <Chart data={(instructors.data ?? []).map((r) => ({ label: r.name, value: r.saleCount }))} label={t('payouts.salesPerInstructor')} />
        <Link to="/adminanalyticsinstructor">{t('payouts.instructorsTitle')}</Link>
      </div>
      <div className="card chart-card" data-testid="dash-orders">
        <h2>{t('payouts.dashboard.orders30')}</h2>
        <Chart data={days.map((d) => ({ label: `${d.slice(8, 10)}-${d.slice(5, 7)}`, value: perDay.get(d) ?? 0 }))} label={t('payouts.dashboard.orders30')} height={200} />
        {!orders.data?.length ? (
          <NoData />
        ) : (
          <ul className="recent-list">
            {orders.data.slice(0, 5).map((o) => (
              <li key={o._id}>
                <span className="mono">{o._id.slice(0, 8)}</span> {o.userName} <span className="badge">{o.state}</span> {t('common.bdt', { amount: poishaToBdt(o.amount) })}{' '}
                <span className="muted">{formatDate(o.createdAt, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/adminorderlist">{t('payouts.orderList')}</Link>
      </div>
      {messages(t('payouts.dashboard.generalMessages'), general.data, 'dash-general-messages')}
      {messages(t('payouts.dashboard.studentMessages'), student.data, 'dash-student-messages')}
    </>
  );
}

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
          <DashboardExtras />
        </>
      )}
    </AdminPage>
  );
}
