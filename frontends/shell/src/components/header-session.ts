import { useEffect, useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { verifySession } from '@taal/web-shared/auth';
import { getSession, SESSION_EVENT, storedUser, type Session } from '@taal/web-shared/session';
import { UserRoles } from '@taal/contracts/web';

/** The visitor's session as the header shows it, following logins, logouts and other tabs. */
export function useSession(): Session {
  const [session, setSession] = useState(getSession);
  useEffect(() => {
    const update = () => setSession(getSession());
    // A stored login counts only once the server vouches for it (spec §4); a dead one is cleared.
    void verifySession().then(update);
    window.addEventListener(SESSION_EVENT, update);
    window.addEventListener('storage', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener(SESSION_EVENT, update);
      window.removeEventListener('storage', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return session;
}

/** Raised by the storefront after the cart changed (detail: its number of items). */
const CART_CHANGED_EVENT = 'taal:cart-changed';

/** How many items the logged-in student's cart holds (0 for anyone else), kept current by CART_CHANGED_EVENT. */
export function useCartCount(session: Session): number {
  const [count, setCount] = useState(0);
  const student = session.loggedIn && session.type === UserRoles.student;
  const userId = student ? (storedUser()?._id ?? null) : null;
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let live = true;
    let heard = false; // an event after the request started is newer than its answer
    answer(authApi.GET('/api/v1/cart/{userId}', { params: { path: { userId } } })).then(
      ({ data }) => live && !heard && setCount(data.items.length),
      () => undefined, // no badge when the cart cannot be read
    );
    const changed = (e: Event) => {
      const n = (e as CustomEvent<{ count?: unknown }>).detail?.count;
      if (typeof n !== 'number') return;
      heard = true;
      setCount(n);
    };
    window.addEventListener(CART_CHANGED_EVENT, changed);
    return () => {
      live = false;
      window.removeEventListener(CART_CHANGED_EVENT, changed);
    };
  }, [userId]);
  return userId ? count : 0;
}
