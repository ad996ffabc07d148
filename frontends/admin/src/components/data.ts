import { dayMonthYear, localDay, UserRoles } from '@taal/contracts/web';
import { useEffect, useState } from 'react';
import type { ApiAnswer } from '@taal/web-shared/api';
import type { SessionUser } from '@taal/web-shared/session';

/** A user as the admin calls answer it. */
export type AdminUser = SessionUser;

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | undefined;
  reload: () => void;
  /** Replaces one item locally (after suspend / verify) without a refetch. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * A protected admin GET through the typed client (`load`, e.g. `() => answer(authApi.GET('/api/v1/user/'))`);
 * refetches when `key` changes. A `null` key skips the call.
 */
export function useAdminGet<T>(key: string | null, load: () => Promise<ApiAnswer<T>>): Loaded<T> {
  const path = key;
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(undefined);
    load().then(
      ({ data: d }) => {
        if (!live) return;
        setDataState(d);
        setLoading(false);
      },
      (err: Error) => {
        if (!live) return;
        setDataState(undefined);
        setError(err);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // `load` is keyed by `key`: a new closure with the same key is the same call.
  }, [path, tick]);
  return { data, loading, error, reload: () => setTick((n) => n + 1), setData: (update) => setDataState((d) => update(d)) };
}

/** Back office §9: dates are dash-separated day-month-year (the browser's day of `d`). */
export function dmy(d: Date): string {
  return dayMonthYear(localDay(d));
}

/** YYYY-MM-DD → DD-MM-YYYY for the API paths. */
export const isoToDmy = dayMonthYear;

export const USER_TYPE_KEYS: Record<number, string> = {
  [UserRoles.admin]: 'adminUsers.types.admin',
  [UserRoles.content]: 'adminUsers.types.content',
  [UserRoles.instructor]: 'adminUsers.types.instructor',
  [UserRoles.student]: 'adminUsers.types.student',
};
