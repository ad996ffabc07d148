import { useEffect, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { getSession, SESSION_EVENT } from '@taal/web-shared/session';
import { TOAST_EVENT, TOAST_MS, type ToastDetail } from '@taal/web-shared/toast';

interface Item extends ToastDetail {
  id: number;
}

let nextId = 1;

/** Bottom-centre toasts that close by themselves after 7000 ms; the store's at the top centre after 5 s. One at a time in each place: a new one replaces the one before. */
export function Toasts() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  useEffect(() => {
    const onToast = (e: Event) => {
      const detail = (e as CustomEvent<ToastDetail>).detail;
      const id = nextId++;
      // The newest toast replaces those before it in its place (decision 0066): an answer makes the
      // earlier ones stale, so "already used" never stands beside "redeemed successfully", nor
      // "password didn't match" beside "fill all fields".
      const placement = detail.placement ?? 'bottom';
      setItems((list) => [...list.filter((i) => (i.placement ?? 'bottom') !== placement), { ...detail, id }]);
      window.setTimeout(() => setItems((list) => list.filter((i) => i.id !== id)), detail.durationMs ?? TOAST_MS);
    };
    // A login makes the toasts that asked for one stale.
    const onSession = () => {
      if (getSession().loggedIn) setItems((list) => list.filter((i) => !i.untilLogin));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    window.addEventListener(SESSION_EVENT, onSession);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      window.removeEventListener(SESSION_EVENT, onSession);
    };
  }, []);
  const list = (placement: 'bottom' | 'top') => (
    <div className={`toasts${placement === 'top' ? ' toasts-top' : ''}`} aria-live="polite" data-testid={`toasts-${placement}`}>
      {items
        .filter((item) => (item.placement ?? 'bottom') === placement)
        .map((item) => (
          <div key={item.id} className={`toast toast-${item.kind}`} role="status">
            <span>{item.message}</span>
            <button
              type="button"
              aria-label={t('common.close')}
              onClick={() => setItems((all) => all.filter((i) => i.id !== item.id))}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <>
      {list('bottom')}
      {list('top')}
    </>
  );
}
