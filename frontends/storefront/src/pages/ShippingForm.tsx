// The spec's shipping form (storefront §5; issue 40, decision 0046): a delivery address for a
// gift card bought for someone else, checked here with the spec's schema and messages. It is
// defined but not submitted: nothing posts it, and the screen says so. Its own <form>, beside the
// purchase form (forms cannot nest), so checking it never starts a payment.
import { useState, type FormEvent } from 'react';
import { isEmail } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { MIN_PHONE } from '../giftStore';

export interface ShippingFields {
  name: string;
  email: string;
  address: string;
  country: string;
  district: string;
  city: string;
  zipCode: string;
  scheduleDate: string;
  phone: string;
  message: string;
}
type Problems = Partial<Record<keyof ShippingFields, string>>;

const EMPTY: ShippingFields = { name: '', email: '', address: '', country: '', district: '', city: '', zipCode: '', scheduleDate: '', phone: '', message: '' };
const ORDER: (keyof ShippingFields)[] = ['name', 'email', 'phone', 'address', 'country', 'district', 'city', 'zipCode', 'scheduleDate', 'message'];

/** Whether `value` is a real calendar day written YYYY-MM-DD (what a date input gives). */
function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The spec's schema as translation keys: name and message 2 to 70, address min 5, phone min 11. */
export function shippingProblems(f: ShippingFields): Problems {
  const p: Problems = {};
  const required = 'store.form.required';
  const between = (k: 'name' | 'message', min: number, max: number) => {
    const v = f[k].trim();
    if (!v) p[k] = required;
    else if ([...v].length < min) p[k] = 'store.form.tooShort';
    else if ([...v].length > max) p[k] = 'store.shipping.tooLong';
  };
  between('name', 2, 70);
  between('message', 2, 70);
  if (!f.email.trim()) p.email = required;
  else if (!isEmail(f.email.trim())) p.email = 'store.form.invalidEmail';
  if (!f.address.trim()) p.address = required;
  else if ([...f.address.trim()].length < 5) p.address = 'store.form.tooShort';
  for (const k of ['country', 'district', 'city', 'zipCode'] as const) if (!f[k].trim()) p[k] = required;
  if (!isValidDate(f.scheduleDate.trim())) p.scheduleDate = 'store.shipping.invalidDate';
  if (!f.phone.trim()) p.phone = required;
  else if (f.phone.trim().length < MIN_PHONE) p.phone = 'store.form.tooShort';
  return p;
}

export default function ShippingForm() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<ShippingFields>(EMPTY);
  const [checked, setChecked] = useState(false);
  const problems = shippingProblems(fields);
  const ok = checked && Object.keys(problems).length === 0;

  const check = (e: FormEvent) => {
    e.preventDefault();
    // Not submitted (decision 0046): checking only shows what is wrong, or that it is fine.
    setChecked(true);
  };

  const type = (k: keyof ShippingFields) => (k === 'email' ? 'email' : k === 'phone' ? 'tel' : k === 'scheduleDate' ? 'date' : 'text');

  return (
    <form className="card gift-form shipping-form" onSubmit={check} noValidate data-testid="shipping-form" aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t('store.shipping.title')}</h2>
      <p className="shipping-note" data-testid="shipping-note">
        {t('store.shipping.note')}
      </p>
      {ORDER.map((k) => {
        const error = checked ? problems[k] : undefined;
        const id = `shipping-${k}`;
        return (
          <div className="field" key={k}>
            <label htmlFor={id}>{t(`store.shipping.f.${k}`)}</label>
            {k === 'message' ? (
              <textarea id={id} name={k} rows={2} value={fields[k]} onChange={(e) => setFields((f) => ({ ...f, [k]: e.target.value }))} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} data-testid={id} />
            ) : (
              <input id={id} name={k} type={type(k)} value={fields[k]} onChange={(e) => setFields((f) => ({ ...f, [k]: e.target.value }))} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} data-testid={id} />
            )}
            {error && (
              <small className="field-error" id={`${id}-error`} data-testid={`${id}-error`}>
                {t(error)}
              </small>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn-outline" data-testid="shipping-check">
        {t('store.shipping.check')}
      </button>
      <p role="status" data-testid="shipping-status">
        {ok ? t('store.shipping.fine') : ''}
      </p>
    </form>
  );
}
