// A whole-number box in the page's digits (issue 40): <input type="number"> shows Latin digits
// on a Bengali page (next to Bengali ones) and takes no Bengali digit typed into it. This box is a
// text field (numeric keyboard) that shows the value in the page's digits and hands the screen
// Latin digits, whichever were typed; ↑ and ↓ step it within min..max as a number box does.
// With `decimals` it takes an amount (taka and poisha: '২০০০.৫০' is 2000.50): one point and at
// most that many digits after it.
import type { InputHTMLAttributes } from 'react';
import { latinDigits } from '@taal/contracts/web';
import { localDigits } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';


/** Typed text as the screen gets it: Latin digits (Bengali ones converted), other characters dropped; with `decimals`, one point and at most that many digits after it. */
export function numberText(typed: string, decimals = 0): string {
  const text = latinDigits(typed).replace(decimals > 0 ? /[^0-9.]/g : /[^0-9]/g, '');
  const [whole = '', ...fraction] = text.split('.');
  return fraction.length === 0 ? whole : `${whole}.${fraction.join('').slice(0, decimals)}`;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The value in Latin digits ('' when empty). */
  value: string;
  /** Called with the typed text in Latin digits (other characters dropped). */
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  /** Digits allowed after a decimal point (0, the default: whole numbers). */
  decimals?: number;
};

export function NumberInput({ value, onChange, min, max, decimals = 0, onKeyDown, ...rest }: Props) {
  const { i18n } = useTranslation();
  const step = (by: number) => {
    const n = Number(value);
    const next = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, (Number.isFinite(n) && value !== '' ? n : (min ?? 0)) + by));
    onChange(decimals > 0 ? String(Number(next.toFixed(decimals))) : String(next));
  };
  return (
    <input
      {...rest}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={localDigits(value, i18n.resolvedLanguage)}
      onChange={(e) => onChange(numberText(e.target.value, decimals))}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          step(e.key === 'ArrowUp' ? 1 : -1);
        }
        onKeyDown?.(e);
      }}
    />
  );
}
