import { giftCardTextProblem, GiftCardTextLimits, isEmail, nameProblem } from '@taal/contracts/web';
import { MIN_PHONE } from '../../giftStore';

export type Recipient = 'myself' | 'someoneElse';
export interface Fields {
  receiverName: string;
  from: string;
  phone: string;
  email: string;
  confirmEmail: string;
  quantity: string;
  message: string;
}
export type Problems = Partial<Record<keyof Fields, string>>;
/** The longest text of each field, for 'store.form.textTooLong'. */
export const TEXT_LIMIT: Partial<Record<keyof Fields, { max: number }>> = {
  from: { max: GiftCardTextLimits.senderName },
  receiverName: { max: GiftCardTextLimits.receiverName },
};

/** Decision 0018's rule for text on the card (as the store checks it), as a translation key. */
const textProblemKey = (value: string, max: number) => {
  const problem = giftCardTextProblem(value, max);
  return problem === 'invalid' ? 'store.form.textInvalid' : problem === 'tooLong' ? 'store.form.textTooLong' : undefined;
};

/** Spec §5 and decision 0018, as translation keys per field. */
export function problemsOf(recipient: Recipient, f: Fields): Problems {
  const p: Problems = {};
  const required = 'store.form.required';
  const text = (field: 'message', max: number) => {
    const key = textProblemKey(f[field], max);
    if (key) p[field] = key;
  };
  // Names: the one name rule of sign-up and the server (nameProblem; issue 55), so the account's own name is never refused here.
  const name = (field: 'from' | 'receiverName', max: number) => {
    const problem = nameProblem(f[field], max);
    if (problem) p[field] = problem === 'required' ? required : problem === 'tooLong' ? 'store.form.textTooLong' : 'refusals:NAME_INVALID';
  };
  text('message', GiftCardTextLimits.message);
  if (!f.phone.trim()) p.phone = required;
  else if (f.phone.trim().length < MIN_PHONE) p.phone = 'store.form.tooShort';
  const quantity = Number(f.quantity);
  if (!f.quantity.trim()) p.quantity = required;
  else if (!Number.isInteger(quantity) || quantity < 1) p.quantity = 'store.form.quantityMin';
  else if (quantity > 100) p.quantity = 'store.form.quantityMax';
  if (recipient === 'someoneElse') {
    name('receiverName', GiftCardTextLimits.receiverName);
    name('from', GiftCardTextLimits.senderName);
    if (!f.email.trim()) p.email = required;
    else if (!isEmail(f.email.trim())) p.email = 'store.form.invalidEmail';
    if (!f.confirmEmail.trim()) p.confirmEmail = required;
    else if (f.confirmEmail.trim() !== f.email.trim()) p.confirmEmail = 'store.form.emailMatch';
  }
  return p;
}
