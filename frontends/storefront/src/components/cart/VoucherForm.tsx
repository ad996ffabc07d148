import { useState, type FormEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { hasReason } from '@taal/web-shared/errors';
import { toast } from '@taal/web-shared/toast';
import { commerce, commerceError } from '../../commerce';

const VOUCHER_CODE = /^[A-Za-z0-9_-]{1,40}$/;

export interface Voucher {
  code: string;
  percent: number;
}

/** The voucher box: a code is looked up and, when it holds, applied to the cart (or taken off again). */
export function VoucherForm({ voucher, onVoucher, proceeding }: { voucher: Voucher | null; onVoucher: (v: Voucher | null) => void; proceeding: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);

  const applyVoucher = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = code.trim();
    if (!VOUCHER_CODE.test(wanted)) {
      toast(t('refusals:COUPON_NOT_FOUND'), 'error');
      return;
    }
    setChecking(true);
    try {
      const found = await commerce.voucher(wanted);
      onVoucher({ code: found.cuponCode || wanted, percent: found.discount });
      toast(t('cart.couponApplied'), 'success');
    } catch (err) {
      onVoucher(null);
      // 'Coupon Not found' for an unknown, expired or used-up code, and for a failed lookup (spec §8);
      // too many wrong codes (issue 50) says so, so a right code is not thought wrong meanwhile.
      toast(hasReason(err, 'LOGIN_FIRST', 'SESSION_EXPIRED', 'TOO_MANY_VOUCHER_TRIES') ? commerceError(t, err) : t('refusals:COUPON_NOT_FOUND'), 'error');
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="voucher-form" onSubmit={(e) => void applyVoucher(e)}>
      <label htmlFor="f-voucher">{t('cart.voucher')}</label>
      <div className="voucher-row">
        <input id="f-voucher" name="voucher" value={code} maxLength={40} autoComplete="off" onChange={(e) => setCode(e.target.value)} data-testid="voucher-input" />
        <button type="submit" className="btn btn-outline btn-sm" disabled={checking || proceeding} data-testid="voucher-apply">
          {t('cart.apply')}
        </button>
      </div>
      {voucher && (
        <p className="voucher-applied" data-testid="voucher-applied">
          {t('cart.voucherApplied', { code: voucher.code, percent: voucher.percent })}{' '}
          <button type="button" className="linklike" onClick={() => onVoucher(null)} disabled={proceeding}>
            {t('cart.removeVoucher')}
          </button>
        </p>
      )}
    </form>
  );
}
