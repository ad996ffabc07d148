// React binding for the one i18next instance (a Module Federation singleton, initialised by
// the shell). A few lines instead of react-i18next keep ~10 KB gzipped off the first visit.
import i18next, { type TFunction } from 'i18next';
import { useEffect, useMemo, useReducer } from 'react';

export const i18n = i18next;

/** Re-renders the component when the language changes or translations arrive. */
export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const onChange = () => bump();
    i18next.on('languageChanged', onChange);
    i18next.on('loaded', onChange);
    i18next.store?.on('added', onChange);
    return () => {
      i18next.off('languageChanged', onChange);
      i18next.off('loaded', onChange);
      i18next.store?.off('added', onChange);
    };
  }, []);
  // A new `t` per language so memoised children see the change.
  const t = useMemo(() => ((...args: Parameters<TFunction>) => i18next.t(...args)) as TFunction, [version, i18next.language]);
  return { t, i18n: i18next };
}
