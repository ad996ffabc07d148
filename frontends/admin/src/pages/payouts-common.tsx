// What the payouts pages share (analytics and settlements): the payouts service's row types, taka
// and day formats, the gateway note, a figure card, and the instructors' and sales look-ups.
import { addDays, dhakaDay } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatMoney, formatNumber, localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { type DayRange } from '../components/DateRange';
import { isoToDmy, useAdminGet } from '../components/data';
import { type Column } from '@taal/web-shared/ui';
import { type Settlement as SettlementRow } from '@taal/web-shared/settlements';

export type Sale = { _id: string; orderId: string; course: string; courseId: string; user: string; user_name: string; coupon: string; couponDiscount: number; amountPaid: number; gatewayCut: number; amount: number; earning: number; productCut: number; date: string };
export type CourseTotals = { courseId: string; course: string; saleCount: number; receivedAmount: number; earnings: number; productCut: number };
export type Totals = { instructorId: string; saleCount: number; amountPaid: number; gatewayCut: number; receivedAmount: number; earnings: number; productCut: number; settled: number; due: number; courses: CourseTotals[] };
export type InstructorRow = { _id: string; name: string; courseCount: number; saleCount: number; createdAt: string; receivedAmount: number; earnings: number; productCut: number; settled: number; due: number; percentage: number };
export type Summary = { saleCount: number; orderCount: number; amountPaid: number; gatewayCut: number; receivedAmount: number; earnings: number; productCut: number };
export type Settlement = SettlementRow & { createdAt: string };
export type CourseSale = { _id: string; orderId: string; coursePrice: number; receivedAmount: number; coupon: { code: string; discount: number }; user: string; user_name: string; email: string; date: string };

/** An amount as the shared money text ('BDT 1,234.50' / '১,২৩৪.৫০ টাকা', as the PDFs print it). */
export const taka = (p: number) => formatMoney(p);
export const dmyPath = (r: DayRange) => ({ startDate: isoToDmy(r.from), endDate: isoToDmy(r.to) });
export const joinedDay = (iso: string) => (iso ? localDigits(isoToDmy(dhakaDay(iso))) : '');

/** The previous calendar month (Bangladesh days): the settlement detail's default. */
export function previousMonth(now = new Date()): DayRange {
  const today = dhakaDay(now);
  const firstOfThis = `${today.slice(0, 8)}01`;
  const lastOfPrev = addDays(firstOfThis, -1);
  return { from: `${lastOfPrev.slice(0, 8)}01`, to: lastOfPrev };
}

export function GatewayNote() {
  const { t } = useTranslation();
  return (
    <p className="muted payout-note" data-testid="gateway-note">
      {t('payouts.gatewayNote')} <span data-testid="money-legend">{t('payouts.moneyLegend')}</span>
    </p>
  );
}

export function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card stat" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <strong className="stat-value">{value}</strong>
    </div>
  );
}

export function useInstructorRows() {
  return useAdminGet<InstructorRow[]>('analytics/secure/instructor', () => answer(authApi.GET('/api/v1/analytics/secure/instructor')));
}

/** /adminanalyticsinstructor: sales per instructor (bar chart) and the table. */
export function saleColumns(t: (k: string) => string, withBuyer: boolean): Column<Sale>[] {
  return [
    { key: 'orderId', header: t('payouts.orderId'), text: (s) => s.orderId.slice(0, 8), className: 'mono' },
    { key: 'course', header: t('payouts.course'), text: (s) => s.course },
    ...(withBuyer ? [{ key: 'user', header: t('payouts.userName'), text: (s: Sale) => s.user_name }] : []),
    { key: 'coupon', header: t('payouts.coupon'), text: (s) => (s.coupon ? `${s.coupon} (${formatNumber(s.couponDiscount)}%)` : '—') },
    { key: 'amount', header: t('payouts.amount'), text: (s) => poishaToBdt(s.amount), className: 'num' },
    { key: 'earning', header: t('payouts.earning'), text: (s) => poishaToBdt(s.earning), className: 'num' },
    { key: 'cut', header: t('payouts.productCut'), text: (s) => poishaToBdt(s.productCut), className: 'num' },
    { key: 'date', header: t('payouts.date'), text: (s) => localDigits(s.date) },
  ];
}

/** Sales a page of the admin's instructor and settlement pages (decision 0084). */
export const SALES_PAGE_SIZE = 10;
export type SalesPage = { items: Sale[]; next: string | null; totals: { saleCount: number; receivedAmount: number; earnings: number } };

/** A page of an instructor's sales in a range, newest first, with the whole range's totals (kept figures). */
export function useSales(instructorId: string, range: DayRange, cursor: string) {
  const path = { id: instructorId, ...dmyPath(range) };
  return useAdminGet<SalesPage>(`sales/${instructorId}/${range.from}/${range.to}?cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/analytics/instructor/{id}/{startDate}/{endDate}/page', { params: { path, query: { limit: String(SALES_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
}

export function useTotals(instructorId: string, tick = 0) {
  return useAdminGet<Totals>(`earnings/${instructorId}/${tick}`, () => answer(authApi.GET('/api/v1/instructor/earnings/{id}', { params: { path: { id: instructorId } } })));
}
