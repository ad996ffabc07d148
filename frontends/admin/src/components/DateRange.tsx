// The back office's date-range filter (back office §5: both dates are needed; §9: the default
// range is the last 30 days, quick ranges 7, 30 and 365 days). Days are Bangladesh days
// (YYYY-MM-DD), as the server counts them, not the browser's own time zone.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, dhakaDay, isIsoDay } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';

export interface DayRange {
  from: string;
  to: string;
}

export const DEFAULT_RANGE_DAYS = 30;
export const QUICK_RANGES = [7, 30, 365] as const;

/** The range in the address (?from=…&to=…, Bangladesh days), the last 30 days (or `fallback`'s) without one. */
export function useRangeInAddress(fallback: () => DayRange = () => lastDays(DEFAULT_RANGE_DAYS)) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = isIsoDay(from) && isIsoDay(to) && from <= to ? { from, to } : fallback();
  // A new range starts at its first page.
  const setRange = (r: { from: string; to: string }) => setParams({ from: r.from, to: r.to });
  return [range, setRange] as const;
}

/** The last `days` Bangladesh days up to today. */
export function lastDays(days: number = DEFAULT_RANGE_DAYS, now = new Date()): DayRange {
  const to = dhakaDay(now);
  return { from: addDays(to, -days), to };
}

export function DateRange({ value, onApply, quick }: { value: DayRange; onApply: (range: DayRange) => void; quick?: readonly number[] }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [missing, setMissing] = useState(false);
  useEffect(() => setDraft(value), [value.from, value.to]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.from || !draft.to) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onApply(draft.from <= draft.to ? draft : { from: draft.to, to: draft.from });
  };

  return (
    <form className="card date-range" onSubmit={apply} noValidate data-testid="date-range">
      {quick && (
        <div className="pills quick-ranges" role="group" aria-label={t('adminAnalytics.quick')}>
          {quick.map((days) => {
            const range = lastDays(days);
            const active = value.from === range.from && value.to === range.to;
            return (
              <button
                key={days}
                type="button"
                className="pill"
                aria-pressed={active}
                data-testid={`quick-${days}`}
                onClick={() => {
                  setMissing(false);
                  // The fields show the range in the same render as the pressed button (the effect
                  // below would bring them a render later).
                  setDraft(range);
                  onApply(range);
                }}
              >
                {t(`adminAnalytics.last.${days}`)}
              </button>
            );
          })}
        </div>
      )}
      <label>
        <span>{t('adminAnalytics.from')}</span>
        <input type="date" name="from" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
      </label>
      <label>
        <span>{t('adminAnalytics.to')}</span>
        <input type="date" name="to" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
      </label>
      <button type="submit" className="btn btn-primary btn-sm" data-testid="apply-range">
        {t('adminAnalytics.apply')}
      </button>
      {missing && (
        <p className="admin-alert alert-error" role="alert" data-testid="range-missing">
          {t('adminAnalytics.bothDates')}
        </p>
      )}
    </form>
  );
}
