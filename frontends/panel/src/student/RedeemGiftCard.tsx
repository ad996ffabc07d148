// Tab 6, Redeem Gift Card (spec §2, §8, §9): the wallet balance (GET store/gift-card/balance/{userId}),
// a secret-code field and Redeem. An empty code reads 'Please enter gift card secret code!'; a
// refused code shows its refusal by key (decision 0026); a redeemed one reads 'Congratulations! {message}
// You have received BDT {amount} from gift card.' and the balance grows. Toasts: 5 s, top centre.
import { useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { storeToast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { LoadError, Loading, Money } from '@taal/web-shared/ui';


export default function RedeemGiftCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const balance = useAsync(
    async () => (await answer(authApi.GET('/api/v1/store/gift-card/balance/{userId}', { params: { path: { userId: user._id } } }))).data,
    [user._id],
  );
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const redeem = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = code.trim();
    if (!wanted) {
      // The store's own rule, worded by its refusal.
      setResult({ ok: false, text: t('refusals:GIFT_CARD_CODE_EMPTY') });
      storeToast(t('refusals:GIFT_CARD_CODE_EMPTY'), 'error');
      return;
    }
    setBusy(true);
    try {
      const { data, message } = await answer(
        authApi.POST('/api/v1/store/gift-card/redeem/{code}/{userId}', { params: { path: { code: wanted, userId: user._id } } }),
      );
      const text = t('giftRedeem.success', { message: message ? t('giftRedeem.redeemed') : '', amount: poishaToBdt(data.amount) });
      setResult({ ok: true, text });
      storeToast(text, 'success');
      setCode('');
      balance.reload();
    } catch (err) {
      // The catalogue's words: unknown, used, expired, too many wrong codes (the edge's limit), …
      const text = translateApiError(t, err);
      setResult({ ok: false, text });
      storeToast(text, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="redeem-tab">
      <div className="wallet-balance" data-testid="redeem-balance">
        <span>{t('giftRedeem.balance')}</span>{' '}
        {balance.loading && balance.data === undefined ? <Loading /> : balance.data === undefined ? <LoadError onRetry={balance.reload} /> : <strong><Money poisha={balance.data} /></strong>}
      </div>
      <form className="redeem-form" onSubmit={(e) => void redeem(e)} noValidate>
        <label className="field">
          <span>{t('giftRedeem.code')}</span>
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            spellCheck={false}
            data-testid="redeem-code"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="redeem-submit">
          {t('giftRedeem.submit')}
        </button>
      </form>
      {result && (
        <p className={result.ok ? 'redeem-ok' : 'field-error'} role="status" data-testid="redeem-result">
          {result.text}
        </p>
      )}
      <p className="muted">{t('giftRedeem.rules')}</p>
    </div>
  );
}
