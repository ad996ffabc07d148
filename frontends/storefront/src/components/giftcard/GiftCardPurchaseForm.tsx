import { lazy, Suspense, useState, type FormEvent } from 'react';
import { GiftCardTextLimits } from '@taal/contracts/web';
import { fieldErrorKeys, hasReason, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { storeToast } from '@taal/web-shared/toast';
import { Money } from '@taal/web-shared/ui';
import { NumberInput } from '@taal/web-shared/number-input';
import { giftStore, type GiftProduct } from '../../giftStore';
import ShippingForm from '../../pages/ShippingForm';
import { problemsOf, TEXT_LIMIT, type Fields, type Problems, type Recipient } from './giftCardProblems';

// Asked only of an account without a date of birth (a social sign-up), at its first purchase (decision 0077).
const DobPrompt = lazy(() => import('../cart/DobPrompt'));

/** A student's gift card order: for whom, the contact fields, quantity and message, then the payment page. */
export function GiftCardPurchaseForm({ product, user }: { product: GiftProduct; user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const [recipient, setRecipient] = useState<Recipient>('someoneElse');
  const [fields, setFields] = useState<Fields>({ receiverName: '', from: user.name, phone: '', email: '', confirmEmail: '', quantity: '1', message: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Fields, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [total, setTotal] = useState(product.price);
  const [busy, setBusy] = useState(false);
  const [askDob, setAskDob] = useState(false);
  const [dobGiven, setDobGiven] = useState(Boolean(user.dob));

  const problems: Problems = { ...problemsOf(recipient, fields) };
  for (const [k, v] of Object.entries(serverProblems)) if (v) problems[k as keyof Fields] = v;
  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setServerProblems((s) => {
      const { [name]: _gone, ...rest } = s;
      return rest;
    });
  };
  const shown = (name: keyof Fields) => (submitted || touched[name]) && problems[name];
  const recalc = () => {
    setTouched((x) => ({ ...x, quantity: true }));
    const q = Number(fields.quantity);
    if (Number.isInteger(q) && q >= 1 && q <= 100) setTotal(product.price * q);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const own = problemsOf(recipient, fields);
    if (Object.keys(own).length > 0) {
      storeToast(t('store.form.fixFields'), 'error');
      return;
    }
    if (!dobGiven) {
      setAskDob(true);
      return;
    }
    const quantity = Number(fields.quantity);
    const totalPrice = product.price * quantity;
    setTotal(totalPrice);
    setBusy(true);
    try {
      const common = {
        userId: user._id,
        userName: user.name,
        userEmail: user.email,
        product: product._id,
        name: product.name,
        value: product.value,
        price: product.price,
        quantity,
        totalPrice,
        giftCardMessage: fields.message.trim(),
        language: i18n.language === 'bn' ? ('bn' as const) : ('en' as const),
      };
      const order = await giftStore.createOrder(
        recipient === 'myself'
          ? { ...common, forMyself: true, userPhone: fields.phone.trim() }
          : {
              ...common,
              forMyself: false,
              giftCardFrom: fields.from.trim(),
              shippingAddressName: fields.receiverName.trim(),
              shippingAddressEmail: fields.email.trim(),
              shippingAddressPhone: fields.phone.trim(),
            },
      );
      const url = await giftStore.pay(order, { name: user.name, phone: fields.phone.trim(), email: user.email });
      storeToast(t('store.redirecting'), 'info');
      window.location.assign(url);
    } catch (err) {
      // Spec §8: the order and payment calls' failures are only logged; a refused field is shown beside it.
      console.error('gift card order failed', err);
      // The age rule (decision 0047): a refusal the student can act on is shown, translated.
      if (hasReason(err, 'GUARDIAN_APPROVAL_PENDING', 'DOB_NEEDED_TO_BUY')) storeToast(translateApiError(t, err), 'error');
      if (hasReason(err, 'DOB_NEEDED_TO_BUY')) setAskDob(true);
      const refused = fieldErrorKeys(err);
      if (Object.keys(refused).length > 0) {
        const map: Record<string, keyof Fields> = {
          userPhone: 'phone',
          shippingAddressPhone: 'phone',
          shippingAddressName: 'receiverName',
          shippingAddressEmail: 'email',
          giftCardFrom: 'from',
          giftCardMessage: 'message',
          quantity: 'quantity',
        };
        // Each field's refusal key, translated at render time (decision 0026).
        const next: Problems = {};
        for (const [k, key] of Object.entries(refused)) if (map[k]) next[map[k]] = key;
        setServerProblems(next);
      }
      setBusy(false);
    }
  };

  const input = (name: keyof Fields, label: string, props: Record<string, unknown> = {}) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        value={fields[name]}
        onChange={(e) => set(name)(e.target.value)}
        onBlur={() => setTouched((x) => ({ ...x, [name]: true }))}
        aria-invalid={Boolean(shown(name))}
        data-testid={`gift-${name}`}
        {...props}
      />
      {shown(name) && (
        <small className="field-error" data-testid={`gift-${name}-error`}>
          {t(problems[name]!, TEXT_LIMIT[name] ?? {})}
        </small>
      )}
    </label>
  );

  return (
    <>
    <form className="card gift-form" onSubmit={(e) => void submit(e)} noValidate data-testid="gift-form">
      <fieldset className="gift-recipient">
        <legend>{t('store.form.recipient')}</legend>
        {(['myself', 'someoneElse'] as const).map((r) => (
          <label key={r} className="radio">
            <input type="radio" name="recipient" value={r} checked={recipient === r} onChange={() => setRecipient(r)} data-testid={`gift-recipient-${r}`} />{' '}
            {t(`store.form.${r}`)}
          </label>
        ))}
      </fieldset>
      {recipient === 'someoneElse' ? (
        <>
          {input('receiverName', t('store.form.receiverName'))}
          {input('from', t('store.form.from'))}
          {input('phone', t('store.form.phone'), { type: 'tel', inputMode: 'tel' })}
          {input('email', t('store.form.email'), { type: 'email' })}
          {input('confirmEmail', t('store.form.confirmEmail'), { type: 'email' })}
        </>
      ) : (
        <>
          {input('phone', t('store.form.phone'), { type: 'tel', inputMode: 'tel' })}
          <label className="field">
            <span>{t('store.form.email')}</span>
            <input name="myEmail" value={user.email} disabled data-testid="gift-myEmail" />
          </label>
        </>
      )}
      <label className="field">
        <span>{t('store.form.quantity')}</span>
        {/* Bengali digits (২) read by the phone field's parser (latinDigits), shown in the page's digits (issue 55). */}
        <NumberInput
          name="quantity"
          min={1}
          max={100}
          maxLength={3}
          value={fields.quantity}
          onChange={set('quantity')}
          onBlur={recalc}
          aria-invalid={Boolean(shown('quantity'))}
          data-testid="gift-quantity"
        />
        {shown('quantity') && (
          <small className="field-error" data-testid="gift-quantity-error">
            {t(problems.quantity!)}
          </small>
        )}
      </label>
      <label className="field">
        <span>{t('store.form.message')}</span>
        <textarea
          name="message"
          rows={3}
          maxLength={GiftCardTextLimits.message}
          value={fields.message}
          onChange={(e) => set('message')(e.target.value)}
          onBlur={() => setTouched((x) => ({ ...x, message: true }))}
          aria-invalid={Boolean(shown('message'))}
          data-testid="gift-message"
        />
        {shown('message') && (
          <small className="field-error" data-testid="gift-message-error">
            {t(problems.message!, { max: GiftCardTextLimits.message })}
          </small>
        )}
      </label>
      <p className="gift-total">
        {t('store.form.total')}{' '}
        <strong data-testid="gift-total">
          <Money poisha={total} className="" />
        </strong>
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="gift-submit">
        {busy ? t('store.form.working') : t('store.form.proceed')}
      </button>
    </form>
    {askDob && (
      <Suspense fallback={null}>
        <div className="card gift-dob">
          <DobPrompt
            user={user}
            onCancel={() => setAskDob(false)}
            onSaved={() => {
              setAskDob(false);
              setDobGiven(true);
            }}
          />
        </div>
      </Suspense>
    )}
    {/* A card for someone else could go by post: the spec's shipping form, checked but not sent (decision 0046). */}
    {recipient === 'someoneElse' && <ShippingForm />}
    </>
  );
}
