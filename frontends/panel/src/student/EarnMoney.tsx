// Tab 5, Earn Money (spec §2, §9): the student's referral code with 'share your code and get 200
// taka', the sign-up link that carries it (/signup/{code}), and the wallet's referral bonuses:
// pending (promised, not yet given) and credited (GET wallet/{userId}), and the students who
// signed up with the code, each bonus pending or credited.
import { answer, authApi } from '@taal/web-shared/api';
import { formatDate } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import type { Wallet } from '../types';
import { copyText, LoadError, Money } from '@taal/web-shared/ui';

/** Spec §9: the referral reward, in taka. */
export const REFERRAL_REWARD_TAKA = 200;

function Referrals({ referrals }: { referrals: Wallet['referrals'] }) {
  const { t, i18n } = useTranslation();
  if (!referrals.length) return <p className="muted" data-testid="referrals-empty">{t('studentPanel.earn.noReferrals')}</p>;
  return (
    <table className="order-courses referrals" data-testid="referrals">
      <thead>
        <tr>
          <th scope="col">{t('studentPanel.earn.friend')}</th>
          <th scope="col">{t('studentPanel.earn.joined')}</th>
          <th scope="col">{t('studentPanel.earn.status')}</th>
          <th scope="col" className="num">
            {t('studentPanel.earn.bonus')}
          </th>
        </tr>
      </thead>
      <tbody>
        {referrals.map((r, i) => (
          <tr key={`${r.createdAt}-${i}`} data-testid="referral" data-status={r.status}>
            <td>{r.referredName}</td>
            <td>{formatDate(r.createdAt, i18n.language)}</td>
            <td>
              <span className={`badge ${r.status === 'credited' ? 'badge-ok' : 'badge-muted-plain'}`}>
                {r.status === 'credited'
                  ? t('studentPanel.earn.creditedOn', { date: formatDate(r.creditedAt, i18n.language) })
                  : t('studentPanel.earn.pendingStatus')}
              </span>
            </td>
            <td className="num">
              <Money poisha={r.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function EarnMoney({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const wallet = useAsync(async () => (await answer(authApi.GET('/api/v1/wallet/{userId}', { params: { path: { userId: user._id } } }))).data, [user._id]);
  const code = user.referralCode;
  const link = `${window.location.origin}/signup/${encodeURIComponent(code)}`;
  const copy = async (text: string) => {
    const ok = await copyText(text);
    toast(t(ok ? 'studentPanel.earn.copied' : 'studentPanel.earn.copyFailed'), ok ? 'success' : 'error');
  };

  return (
    <div className="earn" data-testid="earn-money">
      <div className="card earn-code">
        <p className="earn-lead">{t('studentPanel.earn.share', { amount: REFERRAL_REWARD_TAKA })}</p>
        <div className="earn-row">
          <span className="muted">{t('studentPanel.earn.yourCode')}</span>
          <code className="referral-code" data-testid="referral-code">
            {code}
          </code>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(code)} data-testid="copy-code">
            {t('studentPanel.earn.copyCode')}
          </button>
        </div>
        <div className="earn-row">
          <span className="muted">{t('studentPanel.earn.link')}</span>
          <a href={link} className="referral-link" data-testid="referral-link">
            {link}
          </a>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(link)} data-testid="copy-link">
            {t('studentPanel.earn.copyLink')}
          </button>
        </div>
        <p className="muted earn-how">{t('studentPanel.earn.how', { amount: REFERRAL_REWARD_TAKA })}</p>
      </div>
      <h3>{t('studentPanel.earn.bonuses')}</h3>
      {wallet.error ? (
        <LoadError onRetry={wallet.reload} />
      ) : (
        <div className="earn-stats">
          <div className="card earn-stat" data-testid="bonus-pending">
            <span className="muted">{t('studentPanel.earn.pending')}</span>
            <strong>{wallet.data ? <Money poisha={wallet.data.pendingBalance} /> : '…'}</strong>
            <span className="muted earn-note">{t('studentPanel.earn.pendingNote')}</span>
          </div>
          <div className="card earn-stat" data-testid="bonus-credited">
            <span className="muted">{t('studentPanel.earn.credited')}</span>
            <strong>{wallet.data ? <Money poisha={wallet.data.balance} /> : '…'}</strong>
            <span className="muted earn-note">{t('studentPanel.earn.creditedNote')}</span>
          </div>
        </div>
      )}
      <h3>{t('studentPanel.earn.referrals')}</h3>
      {wallet.data && <Referrals referrals={wallet.data.referrals} />}
    </div>
  );
}
