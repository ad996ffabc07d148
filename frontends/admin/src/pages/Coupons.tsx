// /admincuponlist and /cupon (back office §2, §5, §7): the coupons as cards (code, discount,
// expiry date, times used, use limit, Delete) and the create form (code, discount, use limit,
// expiry date; discount and use limit take digits only; an empty field gives 'any of the field
// is missing').
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { todayInDhaka } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { hasReason } from '@taal/web-shared/errors';
import { formatNumber, localDigits } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { isoToDmy, useAdminGet } from '../components/data';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import type { Voucher } from '../components/commerce';
import { AsyncView, Empty, pageOf, Pager, useSubmit } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';
import { NumberInput } from '@taal/web-shared/number-input';

const PAGE_SIZE = 12;
/** What the gateway accepts as a code (letters, digits, '-' and '_', at most 40). */
export const COUPON_CODE = /^[A-Za-z0-9_-]{1,40}$/;

function CouponCard({ coupon, onDeleted, confirm }: { coupon: Voucher; onDeleted: (id: string) => void; confirm: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const expired = coupon.expireDate < todayInDhaka();
  const usedUp = coupon.presentCount >= coupon.useLimit;
  const remove = async () => {
    if (!(await confirm(t('adminCommerce.coupons.confirmDelete', { code: coupon.cuponCode })))) return;
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/cart/cupondelete/{id}', { params: { path: { id: coupon._id } } }));
      toast(t('adminCommerce.coupons.deleted'), 'success');
      onDeleted(coupon._id);
    } catch (err) {
      // Already gone (another admin deleted it): the list forgets it too.
      if (hasReason(err, 'COUPON_NOT_FOUND')) onDeleted(coupon._id);
      toast(t('adminCommerce.coupons.deleteFailed'), 'error');
      setBusy(false);
    }
  };
  return (
    <article className="card coupon-card" data-testid="coupon-card" data-code={coupon.cuponCode}>
      <header className="coupon-head">
        <h3 className="coupon-code">{coupon.cuponCode}</h3>
        <span className="coupon-discount" data-testid="coupon-discount">
          {t('adminCommerce.coupons.percentOff', { percent: coupon.discount })}
        </span>
      </header>
      <dl>
        <dt>{t('adminCommerce.coupons.expireDate')}</dt>
        <dd data-testid="coupon-expiry">{localDigits(isoToDmy(coupon.expireDate))}</dd>
        <dt>{t('adminCommerce.coupons.timesUsed')}</dt>
        <dd data-testid="coupon-used">{formatNumber(coupon.presentCount)}</dd>
        <dt>{t('adminCommerce.coupons.useLimit')}</dt>
        <dd data-testid="coupon-limit">{formatNumber(coupon.useLimit)}</dd>
      </dl>
      {(expired || usedUp) && (
        <p className="coupon-flags">
          {expired && <span className="badge badge-warn">{t('adminCommerce.coupons.expired')}</span>}
          {usedUp && <span className="badge badge-warn">{t('adminCommerce.coupons.usedUp')}</span>}
        </p>
      )}
      <div className="user-card-actions">
        <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => void remove()} data-testid="coupon-delete">
          {t('adminCommerce.coupons.delete')}
        </button>
      </div>
    </article>
  );
}

export function CouponList() {
  const { t } = useTranslation();
  const list = useAdminGet<Voucher[]>('cart/cupon/list', () => answer(authApi.GET('/api/v1/cart/cupon/list')));
  const [page, setPage] = useState(0);
  const confirm = useConfirm();
  // Newest first.
  const sorted = [...(list.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const view = pageOf(sorted, page, PAGE_SIZE);
  return (
    <AdminPage
      title={t('adminCommerce.coupons.listTitle')}
      testId="admin-coupon-list"
      actions={
        <Link className="btn btn-primary btn-sm" to={linkTo('/cupon')} data-testid="new-coupon">
          {t('adminCommerce.coupons.createTitle')}
        </Link>
      }
    >
      <AsyncView state={list} empty={<Empty />} isEmpty={() => !sorted.length}>
        {() => (
          <>
            <div className="user-grid coupon-grid">
              {view.rows.map((c) => (
                <CouponCard key={c._id} coupon={c} confirm={confirm.ask} onDeleted={(id) => list.setData((d) => d?.filter((x) => x._id !== id))} />
              ))}
            </div>
            <Pager page={view.page} pages={view.pages} onPage={setPage} testId="coupon-pager" />
          </>
        )}
      </AsyncView>
      {confirm.dialog}
    </AdminPage>
  );
}

const EMPTY = { cuponCode: '', discount: '', useLimit: '', expireDate: '' };

export function CreateCoupon() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const { busy, outcome: message, submit, refuse } = useSubmit();
  const set = (k: keyof typeof EMPTY, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const today = todayInDhaka();

  // The form checks the gateway's own rules first, worded by the same refusals.
  const fail = (key: string) => refuse(t(key));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const code = form.cuponCode.trim();
    if (!code || !form.discount || !form.useLimit || !form.expireDate) return fail('refusals:VOUCHER_FIELDS_MISSING');
    if (!COUPON_CODE.test(code)) return fail('refusals:VOUCHER_CODE_INVALID');
    const discount = Number(form.discount);
    const useLimit = Number(form.useLimit);
    if (discount < 1 || discount > 100) return fail('refusals:VOUCHER_PERCENT_INVALID');
    if (useLimit < 1 || useLimit > 2_147_483_647) return fail('refusals:VOUCHER_USE_LIMIT_INVALID');
    if (form.expireDate < today) return fail('adminCommerce.coupons.pastDate');
    // A refusal (VOUCHER_CODE_TAKEN, VOUCHER_FIELDS_MISSING, …) by key, in the reader's language.
    const made = await submit(() => answer(authApi.POST('/api/v1/cart/cupon', { body: { cuponCode: code, discount, useLimit, expireDate: form.expireDate } })), {
      done: t('adminCommerce.coupons.created'),
      failedKey: 'adminCommerce.coupons.createFailed',
    });
    if (made) setForm(EMPTY);
  };

  return (
    <AdminPage
      title={t('adminCommerce.coupons.createTitle')}
      testId="admin-create-coupon"
      actions={
        <Link className="btn btn-outline btn-sm" to={linkTo('/admincuponlist')}>
          {t('adminCommerce.coupons.listTitle')}
        </Link>
      }
    >
      <form className="card admin-form" onSubmit={(e) => void save(e)} noValidate>
        {message && (
          <div className={`admin-alert alert-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="coupon-message">
            {message.text}
          </div>
        )}
        <label>
          <span>{t('adminCommerce.coupons.code')}</span>
          <input name="cuponCode" value={form.cuponCode} maxLength={40} autoComplete="off" onChange={(e) => set('cuponCode', e.target.value)} />
        </label>
        <label>
          <span>{t('adminCommerce.coupons.discount')}</span>
          {/* Bengali digits (২০) read as 20 by the phone field's parser (latinDigits), shown in the page's digits (issue 55). */}
          <NumberInput name="discount" maxLength={3} min={1} max={100} value={form.discount} onChange={(v) => set('discount', v)} data-testid="coupon-discount-input" />
        </label>
        <label>
          <span>{t('adminCommerce.coupons.useLimit')}</span>
          <NumberInput name="useLimit" maxLength={10} min={1} value={form.useLimit} onChange={(v) => set('useLimit', v)} data-testid="coupon-use-limit-input" />
        </label>
        <label>
          <span>{t('adminCommerce.coupons.expireDate')}</span>
          <input name="expireDate" type="date" min={today} value={form.expireDate} onChange={(e) => set('expireDate', e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="coupon-submit">
          {t('adminCommerce.coupons.submit')}
        </button>
      </form>
    </AdminPage>
  );
}
