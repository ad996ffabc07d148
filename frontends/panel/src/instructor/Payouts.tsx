// Instructor tabs My Courses, Analytics and Payment Settlement (storefront §2, §3, §7; issue 12):
// the instructor's own courses with sales counts, sales in a date range (orderId, course,
// user_name, coupon, amount, date; amounts after the 2.5% gateway cut from 22-5-2022), and the
// settlements (Settled / Not Settled) with the receipt and a monthly statement to download.
// The gateway answers 403 for any other instructor's data.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { addDays, dhakaDay } from '@taal/contracts/web';
import { answer, api, authApi, protectedBlobUrl } from '@taal/web-shared/api';
import { formatNumber, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { linkTo } from '@taal/web-shared/routes';
import { useAsync } from '@taal/web-shared/useAsync';
import type { TFunction } from 'i18next';
import { AsyncView, DataTable, Empty, Money, saveObjectUrl, type Column } from '@taal/web-shared/ui';
import { SettlementTable } from '@taal/web-shared/settlements';
import { translateApiError } from '@taal/web-shared/errors';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';

/** My Courses shows every row up to here, then pages (an instructor's own courses). */
const PAGE_SIZE = 50;

async function download(path: string, name: string) {
  saveObjectUrl(await protectedBlobUrl(path), name);
}

type Course = Awaited<ReturnType<typeof api.courses>>[number];
type Sold = Map<string, { saleCount: number; earnings: number }>;
const myCourseColumns = (t: TFunction, sold: Sold): Column<Course>[] => [
  { key: 'course', header: t('payouts.course'), text: (c) => c.title, render: (c) => <Link to={linkTo('/courseview', { id: c._id })}>{c.title}</Link> },
  { key: 'sales', header: t('payouts.saleCount'), text: (c) => formatNumber(sold.get(c._id)?.saleCount ?? 0), className: 'num', testId: 'my-course-sales' },
  { key: 'earnings', header: t('payouts.earnings'), text: (c) => poishaToBdt(sold.get(c._id)?.earnings ?? 0), render: (c) => <Money poisha={sold.get(c._id)?.earnings ?? 0} />, className: 'num' },
];

/** Settlements a page of the Payment Settlement tab (decision 0084). */
const SETTLEMENTS_PAGE_SIZE = 20;
const settlementsOf = (id: string, cursor: string) =>
  answer(authApi.GET('/api/v1/instructor/settlement/{id}/page', { params: { path: { id }, query: { limit: String(SETTLEMENTS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })).then((a) => a.data);

/** My Courses: the instructor's published courses with how often each sold. */
export function MyCourses({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  const data = useAsync(async () => {
    const [courses, earnings] = await Promise.all([
      api.instructorCourses(id),
      answer(authApi.GET('/api/v1/instructor/earnings/{id}', { params: { path: { id } } })).then((a) => a.data),
    ]);
    const sold = new Map(earnings.courses.map((c) => [c.courseId, c]));
    const mine = courses.filter((c) => (typeof c.instructor === 'string' ? c.instructor : (c.instructor as { _id?: string } | null)?._id) === id);
    return { mine, sold, earnings };
  }, [id]);
  return (
    <AsyncView state={data}>
      {({ mine, sold, earnings }) =>
        !mine.length ? (
          <Empty testId="my-courses-empty">{t('payouts.noCourses')}</Empty>
        ) : (
          <>
            <p data-testid="my-earnings">
              {t('payouts.earnings')}: <Money poisha={earnings.earnings} /> · {t('payouts.settled')}: <Money poisha={earnings.settled} /> · {t('payouts.due')}:{' '}
              <Money poisha={earnings.due} />
            </p>
            <DataTable
              title={t('panel.instructor.myCourses')}
              columns={myCourseColumns(t, sold)}
              rows={mine}
              loading={false}
              pageSize={PAGE_SIZE}
              rowKey={(c) => c._id}
              fileName="my-courses.csv"
              exports={false}
              search={false}
              rowTestId="my-course"
              testId="my-courses"
            />
          </>
        )
      }
    </AsyncView>
  );
}

// Analytics (an instructor's sales in a range, a page at a time): Sales.tsx (decision 0084).
export { InstructorAnalytics } from './Sales';

/** Payment Settlement: the settlements with receipts, and a monthly statement. */
export function PaymentSettlement({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const id = user.instructor ?? '';
  const position = useKeysetPosition('settlements');
  const list = useAsync(() => settlementsOf(id, position.cursor), [id, position.cursor]);
  const [month, setMonth] = useState(() => addDays(`${dhakaDay().slice(0, 8)}01`, -1).slice(0, 7));
  const [monthMissing, setMonthMissing] = useState(false);
  const statement = async () => {
    // No month chosen (the field cleared): ask for one, not the API (it would answer 404; issue 55).
    if (!/^\d{4}-\d{2}$/.test(month)) {
      setMonthMissing(true);
      return;
    }
    setMonthMissing(false);
    try {
      await download(`/api/v1/instructor/statement/${id}/${month}?lang=${i18n.language.startsWith('bn') ? 'bn' : 'en'}`, `taal-statement-${month}.pdf`);
    } catch (err) {
      toast(translateApiError(t, err, 'payouts.downloadFailed'), 'error');
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
          {t('payouts.statementMonth')}{' '}
          <input
            type="month"
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              if (e.target.value) setMonthMissing(false);
            }}
            aria-invalid={monthMissing || undefined}
            aria-describedby={monthMissing ? 'statement-month-error' : undefined}
            data-testid="statement-month"
          />
        </label>
        <button className="btn btn-sm" data-testid="statement-download">
          {t('payouts.downloadStatement')}
        </button>
        {monthMissing && (
          <p className="field-error" id="statement-month-error" role="alert" data-testid="statement-month-error">
            {t('payouts.chooseMonth')}
          </p>
        )}
      </form>
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <AsyncView state={list}>
          {(page) => (
            <SettlementTable
              rows={page.items}
              title={t('panel.instructor.paymentSettlement')}
              empty={<Empty testId="settlements-empty">{t('payouts.noData')}</Empty>}
              keyset={<KeysetPager position={position} next={page.next} testId="settlements-pager" />}
              rowTestId="instructor-settlement"
              testId="instructor-settlements"
            />
          )}
        </AsyncView>
      )}
    </>
  );
}
