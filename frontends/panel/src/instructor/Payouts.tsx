// Instructor tabs My Courses, Analytics and Payment Settlement (storefront §2, §3, §7; issue 12):
// the instructor's own courses with sales counts, sales in a date range (orderId, course,
// user_name, coupon, amount, date; amounts after the 2.5% gateway cut from 22-5-2022), and the
// settlements (Settled / Not Settled) with the receipt and a monthly statement to download.
// The gateway answers 403 for any other instructor's data.
import { useState, type FormEvent } from 'react';
import { addDays, dayMonthYear, dhakaDay } from '@taal/contracts/web';
import { answer, api, authApi, protectedBlobUrl } from '@taal/web-shared/api';
import { formatNumber, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { Money } from '@taal/web-shared/ui';
import { TabEmpty, TabError, TabLoading } from '../components';

const dmy = dayMonthYear;

async function download(path: string, name: string) {
  const url = await protectedBlobUrl(path);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Note() {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid="gateway-note">
      {t('payouts.gatewayNote')} <span data-testid="money-legend">{t('payouts.moneyLegend')}</span>
    </p>
  );
}

/** My Courses: the instructor's published courses with how often each sold. */
export function MyCourses({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  const data = useAsync(async () => {
    const [courses, earnings] = await Promise.all([
      api.courses(),
      answer(authApi.GET('/api/v1/instructor/earnings/{id}', { params: { path: { id } } })).then((a) => a.data),
    ]);
    const sold = new Map(earnings.courses.map((c) => [c.courseId, c]));
    const mine = courses.filter((c) => (typeof c.instructor === 'string' ? c.instructor : (c.instructor as { _id?: string } | null)?._id) === id);
    return { mine, sold, earnings };
  }, [id]);
  if (data.loading && !data.data) return <TabLoading />;
  if (data.error || !data.data) return <TabError onRetry={data.reload} />;
  const { mine, sold, earnings } = data.data;
  if (!mine.length) return <TabEmpty testId="my-courses-empty">{t('payouts.noCourses')}</TabEmpty>;
  return (
    <>
      <p data-testid="my-earnings">
        {t('payouts.earnings')}: <Money poisha={earnings.earnings} /> · {t('payouts.settled')}: <Money poisha={earnings.settled} /> · {t('payouts.due')}:{' '}
        <Money poisha={earnings.due} />
      </p>
      <table className="data-table" data-testid="my-courses">
        <thead>
          <tr>
            <th>{t('payouts.course')}</th>
            <th className="num">{t('payouts.saleCount')}</th>
            <th className="num">{t('payouts.earnings')}</th>
          </tr>
        </thead>
        <tbody>
          {mine.map((c) => (
            <tr key={c._id} data-testid="my-course">
              <td>
                <a href={`/coursedetails/${c._id}`}>{c.title}</a>
              </td>
              <td className="num" data-testid="my-course-sales">
                {formatNumber(sold.get(c._id)?.saleCount ?? 0)}
              </td>
              <td className="num">
                <Money poisha={sold.get(c._id)?.earnings ?? 0} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Analytics: sales in a date range (default the last 30 days). */
export function InstructorAnalytics({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  const today = dhakaDay();
  const [range, setRange] = useState({ from: addDays(today, -30), to: today });
  const [draft, setDraft] = useState(range);
  const sales = useAsync(
    () => answer(authApi.GET('/api/v1/analytics/instructor/{id}/{startDate}/{endDate}', { params: { path: { id, startDate: dmy(range.from), endDate: dmy(range.to) } } })).then((a) => a.data),
    [id, range.from, range.to],
  );
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to) setRange(draft.from <= draft.to ? draft : { from: draft.to, to: draft.from });
  };
  const total = (sales.data ?? []).reduce((n, s) => n + s.amount, 0);
  return (
    <>
      <form className="date-range-inline" onSubmit={apply} data-testid="sales-range">
        <label>
          {t('payouts.from')} <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} data-testid="range-from" />
        </label>
        <label>
          {t('payouts.to')} <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} data-testid="range-to" />
        </label>
        <button className="btn btn-sm btn-primary">{t('payouts.apply')}</button>
      </form>
      <Note />
      {sales.loading && !sales.data ? (
        <TabLoading />
      ) : sales.error || !sales.data ? (
        <TabError onRetry={sales.reload} />
      ) : !sales.data.length ? (
        <TabEmpty testId="sales-empty">{t('payouts.noAnalytics')}</TabEmpty>
      ) : (
        <table className="data-table" data-testid="instructor-sales">
          <thead>
            <tr>
              <th>{t('payouts.orderId')}</th>
              <th>{t('payouts.course')}</th>
              <th>{t('payouts.userName')}</th>
              <th>{t('payouts.coupon')}</th>
              <th className="num">{t('payouts.amount')}</th>
              <th>{t('payouts.date')}</th>
            </tr>
          </thead>
          <tbody>
            {sales.data.map((s) => (
              <tr key={s._id} data-testid="instructor-sale">
                <td className="mono">{s.orderId.slice(0, 8)}</td>
                <td>{s.course}</td>
                <td>{s.user_name || '—'}</td>
                <td data-testid="sale-coupon">{s.coupon ? `${s.coupon} (${formatNumber(s.couponDiscount)}%)` : '—'}</td>
                <td className="num" data-testid="sale-amount">
                  {poishaToBdt(s.amount)}
                </td>
                <td data-testid="sale-date">{localDigits(s.date)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={4}>{t('payouts.total')}</th>
              <th className="num">{poishaToBdt(total)}</th>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </>
  );
}

/** Payment Settlement: the settlements with receipts, and a monthly statement. */
export function PaymentSettlement({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const id = user.instructor ?? '';
  const list = useAsync(() => answer(authApi.GET('/api/v1/instructor/settlement/{id}', { params: { path: { id } } })).then((a) => a.data), [id]);
  const [month, setMonth] = useState(() => addDays(`${dhakaDay().slice(0, 8)}01`, -1).slice(0, 7));
  const statement = async () => {
    try {
      await download(`/api/v1/instructor/statement/${id}/${month}?lang=${i18n.language.startsWith('bn') ? 'bn' : 'en'}`, `taal-statement-${month}.pdf`);
    } catch {
      toast(t('payouts.downloadFailed'), 'error');
    }
  };
  return (
    <>
      <form
        className="date-range-inline"
        data-testid="statement-form"
        onSubmit={(e) => {
          e.preventDefault();
          void statement();
        }}
      >
        <label>
          {t('payouts.statementMonth')} <input type="month" value={month} onChange={(e) => setMonth(e.target.value)} data-testid="statement-month" />
        </label>
        <button className="btn btn-sm" data-testid="statement-download">
          {t('payouts.downloadStatement')}
        </button>
      </form>
      {list.loading && !list.data ? (
        <TabLoading />
      ) : list.error || !list.data ? (
        <TabError onRetry={list.reload} />
      ) : !list.data.length ? (
        <TabEmpty testId="settlements-empty">{t('payouts.noData')}</TabEmpty>
      ) : (
        <table className="data-table" data-testid="instructor-settlements">
          {list.data.some((s) => !s.status && s.receivedAmount > 0) && (
            <caption className="table-note muted" data-testid="not-settled-note">
              {t('payouts.notSettledNote')}
            </caption>
          )}
          <thead>
            <tr>
              <th>{t('payouts.settleDate')}</th>
              <th className="num">{t('payouts.settleAmount')}</th>
              <th className="num">{t('payouts.receivedAmount')}</th>
              <th className="num">{t('payouts.rowDue')}</th>
              <th>{t('payouts.remarks')}</th>
              <th>{t('payouts.status')}</th>
              <th>{t('payouts.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s) => (
              <tr key={s._id} data-testid="instructor-settlement">
                <td>{localDigits(s.settleDate)}</td>
                <td className="num">{poishaToBdt(s.settleAmount)}</td>
                <td className="num">{poishaToBdt(s.receivedAmount)}</td>
                <td className="num">{poishaToBdt(s.due)}</td>
                <td>{s.remarks}</td>
                <td data-testid="settlement-status">{s.status ? t('payouts.settledStatus') : t('payouts.notSettled')}</td>
                <td>
                  {s.receipt ? (
                    <button
                      type="button"
                      className="linklike"
                      data-testid="receipt-download"
                      onClick={() => void download(s.receipt, 'settlement.pdf').catch(() => toast(t('payouts.downloadFailed'), 'error'))}
                    >
                      {t('payouts.download')}
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
