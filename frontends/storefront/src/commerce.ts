// The student's cart, wishlist, wallet and orders through the typed gateway client, the
// checkout arithmetic of spec §5 / decision 0012, and the `taal:cart-changed` event the header's
// cart badge listens to. Amounts are integer poisha.
import type { TFunction } from 'i18next';
import { COURSE_TIERS, takaOfPoisha, UserRoles, voucherDiscount } from '@taal/contracts/web';
import { answer, ApiError, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { getSession, storedUser, type SessionUser } from '@taal/web-shared/session';

type Json<P extends keyof ApiPaths, M extends 'get' | 'post'> = ApiPaths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : ApiPaths[P][M] extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;

export type Cart = Json<'/api/v1/cart/{userId}', 'get'>['data'];
export type CartItem = Cart['items'][number];
export type Wallet = Json<'/api/v1/wallet/{userId}', 'get'>['data'];
export type Order = Json<'/api/v1/order/{userId}', 'get'>['data'][number];
export type TierName = CartItem['tier'];

export const TIER_NAMES: readonly TierName[] = COURSE_TIERS;

/** Raised on window after the cart changed (detail: the number of items), for the header's badge. */
export const CART_CHANGED_EVENT = 'taal:cart-changed';
export function notifyCartChanged(count: number): void {
  window.dispatchEvent(new CustomEvent<{ count: number }>(CART_CHANGED_EVENT, { detail: { count } }));
}

/** The logged-in student as stored at login (the server checks every call), or null. */
export function currentStudent(): SessionUser | null {
  const session = getSession();
  const user = storedUser();
  if (!session.loggedIn || session.type !== UserRoles.student || !user?._id) return null;
  return user;
}

/**
 * The course and tier a logged-out visitor chose (Add to cart, Enrol now), kept through the login
 * or a sign-up (whose verification link may open another tab) and added to the cart after it
 * (issue 28). A cookie, not local storage: a login clears local storage (spec §4). A day old, it
 * is forgotten.
 */
const PENDING_CART_COOKIE = 'taal_pending_cart';
const PENDING_CART_MAX_AGE_S = 86_400;

export interface PendingCartItem {
  course: string;
  tier: TierName;
}

const writePending = (value: string, maxAge: number) => {
  document.cookie = `${PENDING_CART_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
};
const forgetPending = () => writePending('', 0);

export function keepForAfterLogin(item: PendingCartItem): void {
  writePending(JSON.stringify(item), PENDING_CART_MAX_AGE_S);
}

export function pendingCartItem(): PendingCartItem | null {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${PENDING_CART_COOKIE}=`))
    ?.slice(PENDING_CART_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as PendingCartItem | null;
    if (v && typeof v.course === 'string' && TIER_NAMES.includes(v.tier)) return { course: v.course, tier: v.tier };
  } catch {
    // Not ours or broken: forgotten below.
  }
  forgetPending();
  return null;
}

let adding: Promise<unknown> | null = null;

/**
 * Adds the kept choice to the student's cart, once (it is forgotten first; a second caller meanwhile
 * waits for the same call). Resolves with the refusal, if any, for the caller to show.
 */
export function addPendingCartItem(userId: string): Promise<unknown> {
  if (adding) return adding;
  const item = pendingCartItem();
  if (!item) return Promise.resolve(null);
  forgetPending();
  adding = commerce.addToCart(userId, item.course, item.tier).then(
    () => null,
    (err: unknown) => err,
  );
  void adding.finally(() => (adding = null));
  return adding;
}

export const commerce = {
  cart: async (userId: string): Promise<Cart> => (await answer(authApi.GET('/api/v1/cart/{userId}', { params: { path: { userId } } }))).data,
  addToCart: async (userId: string, course: string, tier: TierName): Promise<Cart> => {
    const { data } = await answer(authApi.POST('/api/v1/cart/', { body: { user: userId, course, tier } }));
    notifyCartChanged(data.items.length);
    return data;
  },
  removeFromCart: async (userId: string, course: string): Promise<Cart> => {
    const { data } = await answer(authApi.POST('/api/v1/cart/delete/', { body: { user: userId, course } }));
    notifyCartChanged(data.items.length);
    return data;
  },
  wishlist: async (userId: string) => (await answer(authApi.GET('/api/v1/wishlist/{userId}', { params: { path: { userId } } }))).data,
  addToWishlist: async (userId: string, course: string) => (await answer(authApi.POST('/api/v1/wishlist/', { body: { user: userId, course } }))).data,
  wallet: async (userId: string): Promise<Wallet> => (await answer(authApi.GET('/api/v1/wallet/{userId}', { params: { path: { userId } } }))).data,
  voucher: async (code: string) => (await answer(authApi.GET('/api/v1/cart/cupon/{code}', { params: { path: { code } } }))).data,
  createOrder: async (body: { userId: string; amount: number; cuponCode?: string }): Promise<Order> =>
    (await answer(authApi.POST('/api/v1/order', { body: { ...body, useWallet: true } }))).data,
  orders: async (userId: string): Promise<Order[]> => (await answer(authApi.GET('/api/v1/order/{userId}', { params: { path: { userId } } }))).data,
  payZero: async (userId: string, order: Order, voucher: string): Promise<Order> =>
    (
      await answer(
        authApi.POST('/api/v1/cart/zero-cart/{userId}/{orderId}', {
          params: { path: { userId, orderId: order._id } },
          body: {
            total_amount: takaOfPoisha(order.amount),
            discount_amount: takaOfPoisha(order.discount),
            cart: { id: userId },
            value_a: voucher ? 'true' : 'false',
            value_b: voucher,
            value_c: order._id,
          },
        }),
      )
    ).data,
};

export interface Totals {
  subtotal: number;
  walletUsed: number;
  discount: number;
  payable: number;
}

/**
 * Spec §5 as decision 0012 fixes it (the server computes the same and refuses another amount):
 * the wallet first, up to the subtotal; then the voucher percent on what is left, a fractional
 * poisha rounded up (in the customer's favour); the payable never below 0.
 */
export function checkoutTotals(subtotal: number, walletBalance: number, voucherPercent: number): Totals {
  const walletUsed = Math.max(0, Math.min(walletBalance, subtotal));
  const remainder = subtotal - walletUsed;
  const discount = voucherDiscount(remainder, voucherPercent);
  const payable = Math.max(0, remainder - discount);
  return { subtotal, walletUsed, discount, payable };
}

/**
 * The refusals the cart words its own way (what the screen did about it); every other refusal is
 * the catalogue's text for its key (COURSE_NOT_FOR_SALE, COUPON_NOT_FOUND, ORDER_EXPIRED, …).
 */
const COMMERCE_REASONS: Record<string, string> = {
  // The screen reloads the cart and says so.
  AMOUNT_MISMATCH: 'cart.errors.amountMismatch',
  // Not a student (an admin or instructor session): the cart needs a student's login (spec §5).
  PERMISSION_DENIED: 'errors.loginFirst',
};

/** A commerce failure in the reader's language, by its key (decision 0026). */
export function commerceError(t: TFunction, err: unknown, fallbackKey = 'cart.errors.generic'): string {
  if (err instanceof ApiError && err.status < 500 && err.reason && COMMERCE_REASONS[err.reason]) return t(COMMERCE_REASONS[err.reason]!);
  return translateApiError(t, err, fallbackKey);
}

/** The card-gateway session request (spec §7 POST cart/ssl/): amounts in BDT, the order id in value_c. */
export type CardSessionBody = ApiPaths['/api/v1/cart/ssl/']['post']['requestBody']['content']['application/json'];

/** The gateway's customer fields come from the student's profile (the session's stored user). */
export function cardSessionBody(user: SessionUser, order: Order, items: readonly { title: string }[], voucher: string): CardSessionBody {
  return {
    total_amount: takaOfPoisha(order.amount),
    discount_amount: takaOfPoisha(order.discount),
    cus_name: user.name.slice(0, 120),
    cus_phone: user.phone.slice(0, 40),
    cus_email: user.email,
    cus_add1: user.address.slice(0, 300),
    cus_country: 'Bangladesh',
    num_of_item: items.length,
    product_name: items
      .map((i) => i.title)
      .join(', ')
      .slice(0, 300),
    cart: { id: user._id },
    value_a: voucher ? 'true' : 'false',
    value_b: voucher,
    value_c: order._id,
    currency: 'BDT',
  };
}

/** Opens a card-gateway session for an unpaid order; the URL of the gateway's page. */
export async function startCardPayment(user: SessionUser, order: Order, items: readonly { title: string }[], voucher: string): Promise<string> {
  const { data } = await answer(authApi.POST('/api/v1/cart/ssl/', { body: cardSessionBody(user, order, items, voucher) }));
  return data.GatewayPageURL;
}
