// The wallet statement (issue 41): the balance, then every ledger entry with its Bangladesh date and
// time, its kind, what it was for (the gift card's product, the referred friend's first name, the
// order's courses) and its signed amount, 20 a page, newest first (a keyset page, decision 0084). The student's Wallet tab and the
// admin's user view show the same component; both load it only when opened (React.lazy).
import { dayMonthYear, dhakaDay, dhakaTimeOfDay } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatMoney, localDigits } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import './wallet-statement.css';

/** The Bangladesh day and time of an instant, as DD-MM-YYYY HH:MM (the receipt's form). */
export function dhakaDateTime(iso: string): string {
  return `${dayMonthYear(dhakaDay(iso))} ${dhakaTimeOfDay(iso)}`;
}

/** `staff`: an admin reads a student's statement (the text says "this student's", not "your"). */
export default function WalletStatement({ userId, testId = 'wallet-statement', staff = false }: { userId: string; testId?: string; staff?: boolean }) {
  const { t, i18n } = useTranslation();
  // A keyset page at a time, newest first; the page's cursor in the address (decision 0084).
  const position = useKeysetPosition();
  const { cursor } = position;
  const statement = useAsync(
    async () => (await answer(authApi.GET('/api/v1/wallet/{userId}/statement', { params: { path: { userId }, query: cursor ? { cursor } : {} } }))).data,
    [userId, cursor],
  );
  const money = (poisha: number) => formatMoney(Math.abs(poisha), i18n.language);
  if (statement.error && cursor) return <KeysetError error={statement.error} position={position} onRetry={statement.reload} />;
  if (statement.error)
    return (
      <div className="panel-alert" role="alert" data-testid={`${testId}-error`}>
        {t('common.loadFailed')}{' '}
        <button type="button" className="linklike" onClick={statement.reload}>
          {t('remote.retry')}
        </button>
      </div>
    );
  const s = statement.data;
  if (!s)
    return (
      <div className="page-loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </div>
    );
  return (
    <div className="wallet-statement" data-testid={testId}>
      <p className="wallet-balance">
        {t('wallet.balance')}: <strong data-testid="statement-balance">{formatMoney(s.balance, i18n.language)}</strong>
      </p>
      <p className="muted">{t(staff ? 'wallet.explainStaff' : 'wallet.explain')}</p>
      {s.items.length === 0 ? (
        <p className="empty-state" data-testid="statement-empty">
          {t('wallet.empty')}
        </p>
      ) : (
        // A region that may scroll sideways on a phone: reachable by keyboard, named for screen readers.
        <div className="statement-scroll" tabIndex={0} role="region" aria-label={t('wallet.caption')}>
          <table className="statement-table">
            <caption className="sr-only">{t('wallet.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('wallet.date')}</th>
                <th scope="col">{t('wallet.kind')}</th>
                <th scope="col">{t('wallet.what')}</th>
                <th scope="col" className="num">
                  {t('wallet.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {s.items.map((e) => (
                <tr key={e._id} data-testid="statement-entry" data-kind={e.kind} data-amount={e.amount}>
                  <td>
                    <time dateTime={e.createdAt}>{localDigits(dhakaDateTime(e.createdAt), i18n.language)}</time>
                  </td>
                  <td>{t(`wallet.kinds.${e.kind}`)}</td>
                  <td data-testid="statement-detail">
                    {e.kind === 'referral_bonus' && e.detail
                      ? t('wallet.referred', { name: e.detail })
                      : e.kind === 'gift_card_redemption' && e.detail
                        ? t('wallet.giftCard', { product: e.detail })
                        : e.orderTitles.length > 0
                          ? t('wallet.order', { titles: e.orderTitles.join(', ') })
                          : '—'}
                  </td>
                  <td className={`num ${e.amount < 0 ? 'statement-debit' : 'statement-credit'}`}>
                    {e.amount < 0 ? '− ' : '+ '}
                    {money(e.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager position={position} next={s.next} testId="statement-pager" className="pagination" />
    </div>
  );
}
