// A whole-number box in the page's digits (issue 40): <input type="number"> shows Latin digits
// on a Bengali page (next to Bengali ones) and takes no Bengali digit typed into it. This box is a
// text field (numeric keyboard) that shows the value in the page's digits and hands the screen
// Latin digits, whichever were typed; ↑ and ↓ step it within min..max as a number box does.
import type { InputHTMLAttributes } from 'react';
import { latinDigits } from '@taal/contracts/web';
import { localDigits } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';


type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The value in Latin digits ('' when empty). */
  value: string;
  /** Called with the typed text in Latin digits (other characters dropped). */
  onChange: (value: string) => void;
  min?: number;
  max?: number;
};

export function NumberInput({ value, onChange, min, max, onKeyDown, ...rest }: Props) {
  const { i18n } = useTranslation();
  const step = (by: number) => {
    const n = Number(value);
    const next = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, (Number.isFinite(n) && value !== '' ? n : (min ?? 0)) + by));
    onChange(String(next));
  };
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={localDigits(value, i18n.resolvedLanguage)}
      onChange={(e) => onChange(latinDigits(e.target.value).replace(/[^0-9]/g, ''))}
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
