// /adminanalyticsusers: sign-ups in a date range (default: the last 30 days; both dates are
// needed; the range in the address), a chart of sign-ups per day (per month for long ranges), the
// counts total, verified, not verified and subscriber (kept by the server, decision 0083), and the
// users a server page at a time (GET user/page?from&to, the cursor in the address; student id links /viewuser).
import { useMemo } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { Chart, type ChartDatum as Bar } from '../components/Chart';
import { DateRange, useRangeInAddress } from '../components/DateRange';
import { isoToDmy, useAdminGet, type AdminUser } from '../components/data';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { AdminPage } from '../components/States';
import { userColumns } from '../components/users';
import { type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';

const TABLE_PAGE_SIZE = 10;

interface UserAnalytics {
  total: number;
  verified: number;
  notVerified: number;
  subscriber: number;
  /** Sign-ups per Bangladesh day that has any. */
  days: { day: string; total: number }[];
}

function* days(from: string, to: string) {
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  for (let i = 0; d <= end && i < 4000; i++) {
    yield d.toISOString().slice(0, 10);
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

/** Sign-ups per day, or per month when the range is longer than about two months. */
export function signupBars(signups: { day: string; total: number }[], from: string, to: string, lng: string): Bar[] {
  const all = [...days(from, to)];
  const monthly = all.length > 62;
  const key = (day: string) => (monthly ? day.slice(0, 7) : day);
  const counts = new Map<string, number>();
  for (const d of all) counts.set(key(d), 0);
  for (const { day, total } of signups) {
    const k = key(day);
    if (counts.has(k)) counts.set(k, counts.get(k)! + total);
  }
  const locale = lng.startsWith('bn') ? 'bn-BD' : 'en-GB';
  const fmt = new Intl.DateTimeFormat(locale, monthly ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, monthly ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { dateStyle: 'long', timeZone: 'UTC' });
  return [...counts].map(([k, value]) => {
    const date = new Date(`${monthly ? `${k}-01` : k}T00:00:00Z`);
    return { label: fmt.format(date), title: long.format(date), value };
  });
}

export default function AnalyticsUsers() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useRangeInAddress();
  const days = { startDate: isoToDmy(range.from), endDate: isoToDmy(range.to) };
  const stats = useAdminGet<UserAnalytics>(`analytics/users/${days.startDate}/${days.endDate}`, () =>
    answer(authApi.GET('/api/v1/analytics/users/{startDate}/{endDate}', { params: { path: days } })),
  );
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<AdminUser>>(`user/page?from=${range.from}&to=${range.to}&cursor=${cursor}`, () =>
    answer(
      authApi.GET('/api/v1/user/page', {
        params: { query: { type: 'all', from: range.from, to: range.to, limit: String(TABLE_PAGE_SIZE), ...(cursor ? { cursor } : {}) } },
      }),
    ),
  );
  const columns = useMemo<Column<AdminUser>[]>(() => userColumns(t, i18n.language).filter((c) => ['studentId', 'joined', 'name', 'email', 'phone', 'type', 'verification'].includes(c.key)), [t, i18n.language]);
  const bars = useMemo(() => signupBars(stats.data?.days ?? [], range.from, range.to, i18n.language), [stats.data, range.from, range.to, i18n.language]);

  const s = stats.data;
  const counts: [string, number | undefined][] = [
    ['total', s?.total],
    ['verified', s?.verified],
    ['notVerified', s?.notVerified],
    ['subscriber', s?.subscriber],
  ];
  return (
    <AdminPage title={t('adminAnalytics.usersTitle')} testId="admin-analytics-users">
      <DateRange value={range} onApply={setRange} />
      <div className="stat-grid">
        {counts.map(([k, v]) => (
          <div key={k} className="card stat" data-testid={`count-${k}`}>
            <span className="stat-label">{t(`adminAnalytics.counts.${k}`)}</span>
            <strong className="stat-value">{stats.loading && !s ? '…' : formatNumber(v ?? 0)}</strong>
          </div>
        ))}
      </div>
      {stats.error ? (
        <LoadError onRetry={stats.reload} />
      ) : stats.loading && !s ? (
        <Loading />
      ) : (
        <>
          <div className="card chart-card">
            <h2>{t('adminAnalytics.signupsChart')}</h2>
            <Chart data={bars} label={t('adminAnalytics.signupsChart')} testId="signups-chart" />
          </div>
          <h2>{t('adminAnalytics.usersTable')}</h2>
          {list.error ? (
            <KeysetError error={list.error} position={position} onRetry={list.reload} />
          ) : (
            <DataTable
              title={t('adminAnalytics.usersTitle')}
              columns={columns}
              rows={list.data?.items}
              loading={list.loading}
              pageSize={TABLE_PAGE_SIZE}
              rowKey={(u) => u._id}
              fileName={`user-analytics-${range.from}-${range.to}.csv`}
              keyset={<KeysetPager position={position} next={list.data?.next} />}
              testId="analytics-users-table"
            />
          )}
        </>
      )}
    </AdminPage>
  );
}
