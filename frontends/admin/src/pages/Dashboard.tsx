// /admin: the dashboard (back office §2, §9): user figures (kept per type) and the 5 newest users, the counters,
// sales per instructor (chart), the orders of the last 30 days (chart per day from the kept
// counts, and the recent ones) and the 5 newest messages of each kind: small pages and kept
// figures, never a bounded list counted or sliced in the browser (decision 0089).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatDate, formatNumber, localDigits } from '@taal/web-shared/format';
import { answer, authApi } from '@taal/web-shared/api';
import type { Data } from '../components/commerce';
import { useAdminGet, type AdminUser } from '../components/data';
import { AdminPage } from '../components/States';
import { userTypeLabel } from '../components/users';
import { formatMoney } from '@taal/web-shared/format';
import { orderTotal } from './order-columns';
import { addDays, dhakaDay } from '@taal/contracts/web';
import { Chart } from '../components/Chart';
import { AsyncView, Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export const RECENT_USERS = 5;
const RECENT_MESSAGES = 5;

type Message = { _id: string; name: string; email: string; message: string };
/** A small page of a paged list: its rows and whether more follow. */
type SmallPage<T> = { items: T[]; next: string | null };
const small = { limit: String(RECENT_USERS) };

type Counters = Data<'/api/v1/analytics/', 'get'>;
type SocialKey = Exclude<keyof Counters['social'], 'updatedAt'>;
/** The social figures in the spec's order (back office §3, analytics counters). */
export const SOCIAL_FIGURES: [network: string, keys: SocialKey[]][] = [
  ['facebook', ['facebookLikes', 'facebookFollowers', 'facebookPosts', 'facebookGroup']],
  ['instagram', ['instagramFollowers', 'instagramPosts']],
  ['twitter', ['twitterFollowers', 'twitterPosts']],
  ['linkedin', ['linkedinFollowers', 'linkedinPosts']],
  ['youtube', ['youtubeSubscribers', 'youtubeVideos', 'youtubeViews']],
];

// The social figures' form (issue 53): loaded when opened, off the /admin first visit.
const SocialFiguresForm = lazy(() => import('./SocialFiguresForm'));

/** GET analytics/: the user, instructor and course counters, and the social figures (also on GET analytics/social-analytics). */
function DashboardCounters() {
  const { t } = useTranslation();
  const counters = useAdminGet<Counters>('analytics/', () => answer(authApi.GET('/api/v1/analytics/')));
  const [editing, setEditing] = useState(false);
  const c = counters.data;
  if (counters.error) return <LoadError onRetry={counters.reload} />;
  if (!c) return <Loading />;
  return (
    <>
      <div className="stat-grid" data-testid="dash-counters">
        {(['user', 'instructor', 'course'] as const).map((k) => (
          <div key={k} className="card stat" data-testid={`dash-count-${k}`}>
            <span className="stat-label">{t(`admin.dashboardCounts.${k}`)}</span>
            <strong className="stat-value">{formatNumber(c[k])}</strong>
          </div>
        ))}
      </div>
      {/* Every user by type and the subscribers: identity's kept counts (decision 0089), never a list counted. */}
      <div className="stat-grid">
        {(['students', 'subscribers', 'instructors', 'admins'] as const).map((k) => (
          <div key={k} className="card stat" data-testid={`dash-${k}`}>
            <span className="stat-label">{t(`admin.dashboardCounts.${k}`)}</span>
            <strong className="stat-value">{formatNumber(c.users[k])}</strong>
          </div>
        ))}
      </div>
      <div className="card section" data-testid="dash-social">
        <h2>{t('admin.social.title')}</h2>
        {editing ? (
          <Suspense fallback={<Loading />}>
            <SocialFiguresForm
              figures={c.social}
              onCancel={() => setEditing(false)}
              onSaved={(social) => {
                counters.setData((d) => d && { ...d, social });
                setEditing(false);
              }}
            />
          </Suspense>
        ) : (
          <div className="social-grid">
            {SOCIAL_FIGURES.map(([network, keys]) => (
              <dl key={network} className="social-network" data-testid={`dash-social-${network}`}>
                <dt>{t(`admin.social.${network}`)}</dt>
                {keys.map((k) => (
                  <dd key={k} data-testid={`dash-social-${k}`}>
                    <span className="muted">{t(`admin.social.${k}`)}</span> <strong>{formatNumber(c.social[k])}</strong>
                  </dd>
                ))}
              </dl>
            ))}
          </div>
        )}
        {!editing && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)} data-testid="social-edit">
            {t('socialForm.edit')}
          </button>
        )}
      </div>
    </>
  );
}

/** The notifications, social sign-up users and expired subscriptions (back office §2 dashboard): the newest 5 of each and their count. */
function DashboardLists() {
  const { t, i18n } = useTranslation();
  const notifications = useAdminGet('notification/page', () => answer(authApi.GET('/api/v1/notification/page', { params: { query: small } })));
  const social = useAdminGet('user/page?type=social', () => answer(authApi.GET('/api/v1/user/page', { params: { query: { type: 'social', ...small } } })));
  const expired = useAdminGet<Data<'/api/v1/course-invalidate', 'get'>>('course-invalidate', () => answer(authApi.GET('/api/v1/course-invalidate')));
  const pageOf = <T,>(p: SmallPage<T> | undefined) => p && { list: p.items, more: p.next !== null };
  const card = <T,>(key: string, loaded: { list: T[]; more: boolean } | undefined, link: string, item: (x: T) => ReactNode, id: (x: T) => string) => {
    const list = loaded?.list;
    // A page's rows and, when more follow, "5+": the count of every row is not read (decision 0089).
    const count = `${formatNumber(list?.length ?? 0)}${loaded?.more ? '+' : ''}`;
    return (
    <div className="card section" data-testid={`dash-${key}`}>
      <h2>
        {t(`admin.dashboardLists.${key}`)} <span className="badge" data-testid={`dash-${key}-count`}>{count}</span>
      </h2>
      {!list?.length ? (
        <Empty />
      ) : (
        <ul className="recent-list">
          {list.slice(0, RECENT_USERS).map((x) => (
            <li key={id(x)}>{item(x)}</li>
          ))}
        </ul>
      )}
      <Link to={link}>{t('admin.dashboardLists.all')}</Link>
    </div>
    );
  };
  const date = (iso: string) => <span className="muted">{formatDate(iso, i18n.language)}</span>;
  return (
    <>
      {card('notifications', pageOf(notifications.data), linkTo('/manageNotification'), (n) => <>{n.msg} {date(n.createdAt)}</>, (n) => n._id)}
      {card('socialUsers', pageOf(social.data), linkTo('/oauthusers'), (u) => <><strong>{u.name}</strong> <span className="muted">{u.email}</span> <span className="badge">{u.loginFrom}</span> {date(u.createdAt)}</>, (u) => u._id)}
      {card('expired', expired.data && { list: expired.data, more: false }, linkTo('/subscription-expire-data'), (r) => <><strong>{r.userName}</strong> <span className="muted">{r.userEmail}</span> {r.course} {date(r.createdAt)}</>, (r) => `${r.orderId}:${r.course}`)}
    </>
  );
}

function DashboardExtras() {
  const { t, i18n } = useTranslation();
  const instructors = useAdminGet<{ _id: string; name: string; saleCount: number }[]>('analytics/secure/instructor', () => answer(authApi.GET('/api/v1/analytics/secure/instructor')));
  const today = dhakaDay();
  const days = Array.from({ length: 31 }, (_, i) => addDays(today, i - 30));
  // The last 30 days' orders (as GET order/list's range): the 5 newest and the kept count of each day.
  const orders = useAdminGet(`order/page/${days[0]}`, () =>
    answer(authApi.GET('/api/v1/order/page', { params: { query: { from: days[0]!, to: today, perDay: 'true', ...small } } })),
  );
  const general = useAdminGet('contact/general/page', () => answer(authApi.GET('/api/v1/contact/general/page', { params: { query: small } })));
  const student = useAdminGet('contact/student/page', () => answer(authApi.GET('/api/v1/contact/student/page', { params: { query: small } })));
  const perDay = new Map((orders.data?.summary.days ?? []).map((d) => [d.day, d.total]));
  const recentOrders = orders.data?.items;
  const messages = (title: string, list: Message[] | undefined, testId: string) => (
    <div className="card section" data-testid={testId}>
      <h2>{title}</h2>
      {!list?.length ? (
        <Empty />
      ) : (
        <ul className="recent-list">
          {list.slice(0, RECENT_MESSAGES).map((m) => (
            <li key={m._id}>
              <strong>{m.name}</strong> <span className="muted">{m.email}</span> {m.message.slice(0, 80)}
            </li>
          ))}
        </ul>
      )}
      <Link to={linkTo('/adminmessages')}>{t('payouts.dashboard.allMessages')}</Link>
    </div>
  );
  return (
    <>
      <div className="card chart-card" data-testid="dash-instructor-sales">
        <h2>{t('payouts.salesPerInstructor')}</h2>
        <Chart data={(instructors.data ?? []).map((r) => ({ label: r.name, value: r.saleCount }))} label={t('payouts.salesPerInstructor')} />
        <Link to={linkTo('/adminanalyticsinstructor')}>{t('payouts.instructorsTitle')}</Link>
      </div>
      <div className="card chart-card" data-testid="dash-orders">
        <h2>{t('payouts.dashboard.orders30')}</h2>
        <Chart data={days.map((d) => ({ label: localDigits(`${d.slice(8, 10)}-${d.slice(5, 7)}`), value: perDay.get(d) ?? 0 }))} label={t('payouts.dashboard.orders30')} height={200} />
        {!recentOrders?.length ? (
          <Empty />
        ) : (
          <ul className="recent-list">
            {recentOrders.map((o) => (
              <li key={o._id}>
                <span className="mono">{o._id.slice(0, 8)}</span> {o.userName} <span className="badge">{t(`adminCommerce.orders.status.${o.state.toLowerCase()}`, { defaultValue: o.state })}</span> {formatMoney(orderTotal(o))}{' '}
                <span className="muted">{formatDate(o.createdAt, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to={linkTo('/adminorderlist')}>{t('payouts.orderList')}</Link>
      </div>
      {messages(t('payouts.dashboard.generalMessages'), general.data?.items, 'dash-general-messages')}
      {messages(t('payouts.dashboard.studentMessages'), student.data?.items, 'dash-student-messages')}
    </>
  );
}

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  // The 5 newest users: the first small page of every user, newest first (decision 0089).
  const users = useAdminGet<SmallPage<AdminUser>>('user/page?type=all', () => answer(authApi.GET('/api/v1/user/page', { params: { query: { type: 'all', ...small } } })));
  return (
    <AdminPage title={t('admin.title')} testId="admin-dashboard">
      <DashboardCounters />
      <div className="card" data-testid="dash-recent-users">
        <h2>{t('admin.recentUsers')}</h2>
        <AsyncView state={users} empty={<Empty />} isEmpty={(p) => !p.items.length}>
          {(p) => (
            <ul className="recent-list">
              {p.items.map((u) => (
                <li key={u._id}>
                  <Link to={linkTo('/viewuser', { id: u._id })}>{u.name}</Link> <span className="muted">{u.email}</span> <span className="badge">{userTypeLabel(t, u)}</span>{' '}
                  <span className="muted">{formatDate(u.createdAt, i18n.language)}</span>
                </li>
              ))}
            </ul>
          )}
        </AsyncView>
        <Link to={linkTo('/adminuserlist')}>{t('admin.allUsers')}</Link>
      </div>
      <DashboardExtras />
      <DashboardLists />
    </AdminPage>
  );
}
