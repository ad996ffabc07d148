// The login state lives in local storage (spec §4). Login itself is not built yet; this
// reads what a future login will write, so guards and the header already behave by role.

export const USER_TYPES = { admin: 1, content: 2, instructor: 3, student: 4 } as const;

export interface Session {
  loggedIn: boolean;
  token: string | null;
  type: number | null;
  name: string | null;
  cartCount: number;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getSession(): Session {
  const token = read('token');
  const type = Number(read('type'));
  let name: string | null = null;
  let cartCount = 0;
  try {
    const user = JSON.parse(read('user') ?? 'null') as { name?: string } | null;
    name = user?.name ?? null;
    const cart = JSON.parse(read('cart') ?? '[]') as unknown[];
    cartCount = Array.isArray(cart) ? cart.length : 0;
  } catch {
    /* ignore malformed storage */
  }
  return { loggedIn: Boolean(token), token, type: Number.isFinite(type) && type > 0 ? type : null, name, cartCount };
}

export const SESSION_EVENT = 'taal:session';

/** Logout clears all local storage (the language choice is kept) and goes home. */
export function logout(): void {
  const lng = read('i18nextLng');
  try {
    window.localStorage.clear();
    if (lng) window.localStorage.setItem('i18nextLng', lng);
  } catch {
    /* ignore */
  }
  window.dispatchEvent(new Event(SESSION_EVENT));
}
