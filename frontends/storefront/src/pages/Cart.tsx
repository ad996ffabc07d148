import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { hasReason } from '@taal/web-shared/errors';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { addPendingCartItem, checkoutTotals, commerce, commerceError, notifyCartChanged, startCardPayment, type Cart, type Order, type Wallet } from '../commerce';
import { Loading } from '@taal/web-shared/ui';

// Asked only of an account without a date of birth (a social sign-up), at its first purchase (decision 0077).
const DobPrompt = lazy(() => import('../components/cart/DobPrompt'));
import { CartItemsTable } from '../components/cart/CartItemsTable';
import { CartTotals } from '../components/cart/CartTotals';
import { forgetVoucher, useCartVoucher, VoucherForm } from '../components/cart/VoucherForm';
import { linkTo } from '@taal/web-shared/routes';

/** Spec §4: after a removal the cart is fetched again 500 ms later. */
const REFRESH_AFTER_REMOVE_MS = 500;
/** Spec §8: a failed zero-cost checkout toasts, then reloads the page (after the toast can be read). */
const RELOAD_AFTER_FAILURE_MS = 1500;

export default function CartPage() {
  const { t } = useTranslation();
  const session = useVerifiedSession();
  if (session.state === 'checking') return <Loading />;
  const user = session.user;
  if (!user || user.type !== UserRoles.student) {
    return (
      <div className="card cart-login" data-testid="cart-login">
        <h1>{t('cart.title')}</h1>
        {/* The spec's title-case variant (storefront §8) is the cart page's notice; toasts keep 'Please login first'. */}
        <p>{t('errors.loginFirstNotice')}</p>
        <Link className="btn btn-primary" to={linkTo('/login', { redirect: 'cart' })}>
          {t('nav.login')}
        </Link>
      </div>
    );
  }
  return <StudentCart user={user} />;
}

function StudentCart({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = user._id;
  // A course chosen before logging in is added first (issue 28); a refusal (say, already owned) is said.
  const cart = useAsync<Cart>(async () => {
    const refused = await addPendingCartItem(userId);
    if (refused) toast(commerceError(t, refused), 'error');
    return commerce.cart(userId);
  }, [userId]);
  const wallet = useAsync<Wallet>(() => commerce.wallet(userId), [userId]);
  const [voucher, setVoucher] = useCartVoucher(userId);
  const [removing, setRemoving] = useState<string | null>(null);
  const [proceeding, setProceeding] = useState(false);
  const [zeroClicked, setZeroClicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askDob, setAskDob] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  // Keep the header's badge in step with what the server says.
  const count = cart.data?.items.length;
  useEffect(() => {
    if (count !== undefined) notifyCartChanged(count);
  }, [count]);

  const reloadAll = () => {
    cart.reload();
    wallet.reload();
  };
  // Back from the gateway's page with the browser's Back button (page restored from the back/forward
  // cache): the page is usable again, with the cart and wallet as they are now.
  const reloadRef = useRef(reloadAll);
  reloadRef.current = reloadAll;
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setProceeding(false);
      setError(null);
      reloadRef.current();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  if (cart.loading && !cart.data) return <Loading />;
  if (!cart.data) {
    return (
      <div className="card" data-testid="cart-error">
        <h1>{t('cart.title')}</h1>
        <p>{commerceError(t, cart.error, 'common.loadFailed')}</p>
        <button type="button" className="btn btn-outline" onClick={reloadAll}>
          {t('remote.retry')}
        </button>
      </div>
    );
  }

  const items = cart.data.items;
  if (items.length === 0) {
    return (
      <div className="card cart-empty" data-testid="cart-empty">
        <h1>{t('cart.title')}</h1>
        <p>{t('cart.empty')}</p>
        <Link className="btn btn-primary" to={linkTo('/allcourses')} data-testid="cart-browse">
          {t('cart.browse')}
        </Link>
      </div>
    );
  }

  const balance = wallet.data?.balance ?? 0;
  const totals = checkoutTotals(cart.data.subtotal, balance, voucher?.percent ?? 0);
  const walletReady = Boolean(wallet.data);

  const remove = async (course: string) => {
    setRemoving(course);
    try {
      await commerce.removeFromCart(userId, course);
      later(() => {
        cart.reload();
        setRemoving(null);
      }, REFRESH_AFTER_REMOVE_MS);
    } catch (err) {
      setRemoving(null);
      toast(commerceError(t, err), 'error');
    }
  };

  // "Move to wishlist" (issue 40): the spec's second wishlist toast, 'added to wishlist', is the
  // cart's; the course leaves the cart only once the wishlist holds it.
  const moveToWishlist = async (course: string) => {
    setRemoving(course);
    try {
      await commerce.addToWishlist(userId, course);
      toast(t('cart.addedToWishlist'), 'success');
    } catch (err) {
      setRemoving(null);
      toast(commerceError(t, err), 'error');
      return;
    }
    await remove(course);
  };

  const payZero = async (order: Order) => {
    setZeroClicked(true); // spec §4: the zero-cost Proceed button is hidden after one click
    try {
      await commerce.payZero(userId, order, voucher?.code ?? '');
      forgetVoucher(userId); // used: the next cart starts without it
      notifyCartChanged(0);
      navigate(linkTo('/studentpanel'));
    } catch (err) {
      // e.g. ORDER_CANCELLED_COUPON_USED_UP: the voucher ran out meanwhile, the page starts over.
      toast(commerceError(t, err), 'error');
      later(() => window.location.reload(), RELOAD_AFTER_FAILURE_MS);
    }
  };

  const proceed = async (dobGiven = false) => {
    setError(null);
    if (!user.dob && !dobGiven) {
      setAskDob(true);
      return;
    }
    setProceeding(true);
    let order: Order;
    try {
      order = await commerce.createOrder({ userId, amount: totals.payable, ...(voucher ? { cuponCode: voucher.code } : {}) });
    } catch (err) {
      const message = commerceError(t, err);
      setError(message);
      toast(message, 'error');
      if (hasReason(err, 'COUPON_NOT_FOUND', 'ORDER_CANCELLED_COUPON_USED_UP')) setVoucher(null);
      // The server priced the cart differently (a price, the wallet or the cart changed): show it again.
      if (hasReason(err, 'AMOUNT_MISMATCH', 'CART_EMPTY')) reloadAll();
      if (hasReason(err, 'DOB_NEEDED_TO_BUY')) setAskDob(true);
      setProceeding(false);
      return;
    }
    if (order.amount === 0) {
      await payZero(order);
      return;
    }
    try {
      const url = await startCardPayment(user, order, items, voucher?.code ?? '');
      window.location.assign(url);
    } catch (err) {
      const message = commerceError(t, err);
      setError(message);
      toast(message, 'error');
      setProceeding(false);
      reloadAll();
    }
  };

  return (
    <div className="cart-page" data-testid="cart-page">
      <h1 className="page-title">{t('cart.title')}</h1>
      <div className="cart-layout">
        <CartItemsTable
          items={items}
          disabled={removing !== null || proceeding}
          onRemove={(course) => void remove(course)}
          onMoveToWishlist={(course) => void moveToWishlist(course)}
        />

        <aside className="card cart-summary" data-testid="cart-summary">
          <h2>{t('cart.summary')}</h2>
          <CartTotals totals={totals} walletState={walletReady ? 'ready' : wallet.loading ? 'loading' : 'unavailable'} voucherPercent={voucher?.percent ?? null} />

          <VoucherForm voucher={voucher} onVoucher={setVoucher} proceeding={proceeding} />

          {error && (
            <p className="alert alert-error" role="alert" data-testid="cart-error-message">
              {error}
            </p>
          )}
          {askDob && (
            <Suspense fallback={<Loading />}>
              <DobPrompt
                user={user}
                onCancel={() => setAskDob(false)}
                onSaved={() => {
                  setAskDob(false);
                  void proceed(true);
                }}
              />
            </Suspense>
          )}
          {!zeroClicked && !askDob && (
            <button type="button" className="btn btn-primary cart-proceed" disabled={proceeding || !walletReady || removing !== null} onClick={() => void proceed()} data-testid="cart-proceed">
              {proceeding ? t('cart.proceeding') : t('cart.proceed')}
            </button>
          )}
          {zeroClicked && <p className="muted">{t('cart.proceeding')}</p>}
          {walletReady && totals.payable > 0 && <p className="muted cart-note">{t('cart.cardNote')}</p>}
        </aside>
      </div>
    </div>
  );
}
