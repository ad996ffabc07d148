// An instructor's due paid out: the amount (a required number), a confirmation first (back office §5).
import { useState, type FormEvent } from 'react';
import { takaToPoisha } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';
import { useSubmit } from '@taal/web-shared/ui';
import { taka } from './payouts-common';

/** The due form (back office §5: a required number; a confirmation first; 'failed try again'). */
export function DueForm({ instructorId, due, onDone }: { instructorId: string; due: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();
  // The due is settled in taka, as typed (decision 0028).
  const poisha = takaToPoisha(amount) ?? 0;
  const valid = poisha > 0;
  const settle = async () => {
    const settled = await submit(
      () =>
        answer(
          authApi.GET('/api/v1/instructor/due/{id}/{amount}', {
            params: { path: { id: instructorId, amount: amount.trim() }, header: { 'idempotency-key': crypto.randomUUID() } as never },
          }),
        ),
      { done: t('payouts.dueSettled'), failedKey: 'payouts.failedTryAgain' },
    );
    if (!settled) return;
    setAmount('');
    setConfirming(false);
    onDone();
  };
  return (
    <form
      className="card section due-form"
      data-testid="due-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (valid) setConfirming(true);
      }}
    >
      <h2>{t('payouts.settleDue')}</h2>
      <p>
        {t('payouts.due')}: <strong data-testid="due-amount">{taka(due)}</strong>
      </p>
      <label>
        {t('payouts.amountTaka')}
        {/* Taka in either language's digits ('২০০০' is 2000), read by the shared number box (issue 55). */}
        <NumberInput decimals={2} min={0} maxLength={14} required value={amount} onChange={setAmount} data-testid="due-input" />
      </label>
      <button className="btn btn-primary" disabled={!valid} data-testid="due-submit">
        {t('payouts.settle')}
      </button>
      {confirming && (
        <div className="confirm-dialog card" role="dialog" aria-modal="true" data-testid="due-confirm">
          <p>{t('payouts.confirmDue', { amount: taka(poisha) })}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void settle()} data-testid="due-confirm-yes">
            {t('payouts.confirm')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('payouts.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}

/** /admin/instructor/{id}: lifetime figures, the due form, the courses chart and table, sales by range. */
