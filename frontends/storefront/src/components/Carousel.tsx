import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

/** Items visible at once for a viewport width: 5 on wide screens, fewer on narrow ones. */
export function perViewFor(width: number, max = 5): number {
  if (width >= 1200) return Math.min(max, 5);
  if (width >= 900) return Math.min(max, 3);
  if (width >= 600) return Math.min(max, 2);
  return 1;
}

/** The viewport's width; null on the server drawing a first screen, where CSS picks the columns. */
function useWidth(): number | null {
  const [w, setW] = useState(() => ((typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER) ? null : window.innerWidth));
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

/** Shows `perView` items (5 at a time on wide screens) and moves `scroll` (3) at a time. */
export function Carousel({ items, label, scroll = 3, testId }: { items: ReactNode[]; label: string; scroll?: number; testId?: string }) {
  const { t } = useTranslation();
  const width = useWidth();
  const perView = width === null ? 5 : perViewFor(width);
  const step = Math.min(scroll, perView);
  const [start, setStart] = useState(0);
  const maxStart = Math.max(0, items.length - perView);
  const from = Math.min(start, maxStart);
  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label} data-testid={testId} data-per-view={perView}>
      <button type="button" className="icon-btn carousel-prev" aria-label={t('common.previous')} disabled={from === 0} onClick={() => setStart(Math.max(0, from - step))}>
        ‹
      </button>
      <div className={width === null ? 'carousel-track by-viewport' : 'carousel-track'} style={width === null ? undefined : { gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}>
        {items.slice(from, from + perView)}
      </div>
      <button type="button" className="icon-btn carousel-next" aria-label={t('common.next')} disabled={from >= maxStart} onClick={() => setStart(Math.min(maxStart, from + step))}>
        ›
      </button>
    </div>
  );
}
