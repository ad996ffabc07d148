// The back office's wallet credit in the user view (issue 53, decision 0069): an amount in taka
// (Bengali digits read as Latin ones), a reason and the form's own reference, confirmed in the
// back office's dialog, sent to POST wallet/credit as a refund. The reference is made once per form
// and kept until its credit succeeds, so a double click or a retry credits once (the API credits a
// reference once); the reason travels in the reference's text, the API having no field for it.
import { useRef, useState, type FormEvent } from 'react';
import { latinDigits, takaToPoisha } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatMoney } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useSubmit } from '@taal/web-shared/ui';
import { useConfirm } from '../components/Modal';

/** At most this long, so `<reference>: <reason>` fits the API's 100 characters. */
export const REASON_MAX = 80;

/** A new form's reference: 'WC-' and 10 random hex digits, upper case. */
const newReference = () => `WC-${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;

/** What POST wallet/credit is sent as its reference: the form's reference and the reason. */
export const creditReference = (reference: string, reason: string) =>
  `${reference}: ${reason.trim()}`.slice(0, 100);

export default function WalletCredit({
  userId,
  name,
  onCredited,
}: {
  userId: string;
  name: string;
  onCredited: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState(newReference);
  const { busy, outcome, submit, refuse } = useSubmit();
  const confirm = useConfirm();
  // Set from the first click until its credit is answered: a second click in between does nothing.
  const sending = useRef(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const poisha = takaToPoisha(latinDigits(amount));
    if (poisha === null || poisha <= 0)
      return refuse(t('walletCredit.badAmount'), { amount: t('walletCredit.badAmount') });
    if (!reason.trim()) return refuse(t('walletCredit.noReason'), { reason: t('walletCredit.noReason') });
    sending.current = true;
    try {
      await confirmAndSend(poisha);
    } finally {
      sending.current = false;
    }
  };

  const confirmAndSend = async (poisha: number) => {
    const yes = await confirm.ask(
      t('walletCredit.confirm', { amount: formatMoney(poisha, i18n.language), name, reason: reason.trim() }),
      t('walletCredit.confirmYes'),
    );
    if (!yes) return;
    const done = await submit(
      () =>
        answer(
          authApi.POST('/api/v1/wallet/credit', {
            body: { userId, kind: 'refund', amount: poisha, reference: creditReference(reference, reason) },
          }),
        ),
      {
        done: t('walletCredit.done', { amount: formatMoney(poisha, i18n.language) }),
        failedKey: 'walletCredit.failed',
      },
    );
    if (!done) return;
    // A new form: the next credit is a new one.
    setAmount('');
    setReason('');
    setReference(newReference());
    onCredited();
  };

  return (
    <form
      className="admin-form wallet-credit"
      onSubmit={(e) => void send(e)}
      noValidate
      data-testid="wallet-credit-form"
    >
      <h3>{t('walletCredit.title')}</h3>
      {outcome && (
        <div
          className={`admin-alert alert-${outcome.kind}`}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          data-testid="wallet-credit-message"
        >
          {outcome.text}
        </div>
      )}
      <label>
        <span>{t('walletCredit.amount')}</span>
        <input
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^0-9০-৯.]/g, ''))}
          aria-invalid={outcome?.fields.amount ? true : undefined}
          data-testid="wallet-credit-amount"
        />
      </label>
      <label>
        <span>{t('walletCredit.reason')}</span>
        <input
          name="reason"
          type="text"
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={outcome?.fields.reason ? true : undefined}
          data-testid="wallet-credit-reason"
        />
      </label>
      <label>
        <span>{t('walletCredit.reference')}</span>
        <input
          name="reference"
          type="text"
          value={reference}
          readOnly
          className="mono"
          data-testid="wallet-credit-reference"
        />
        <small className="muted">{t('walletCredit.referenceHint')}</small>
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="wallet-credit-submit">
        {t('walletCredit.submit')}
      </button>
      {confirm.dialog}
    </form>
  );
}
