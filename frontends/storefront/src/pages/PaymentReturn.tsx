import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { commerce, notifyCartChanged } from '../commerce';
import { useOrderConfirmation } from '../components/orderConfirmation';
import { linkTo } from '@taal/web-shared/routes';
import { loginReturningTo } from '@taal/web-shared/guard';
import { forgetVoucher } from '../components/cart/VoucherForm';

/** The student panel's Purchase History tab (index 3, chosen by ?tab=). */
const PURCHASE_HISTORY = linkTo('/studentpanel', { tab: 3 });

/**
 * Polls the student's orders until `orderId` is paid (the paid courses then leave the cart's badge
 * too). An order that is not among the caller's (a made-up id, someone else's, or no student
 * signed in) is 'unknown' at once (issue 55: "Thank you… Order nope").
 */
function usePaidOrder(orderId: string) {
  const session = useVerifiedSession();
  const userId = session.state === 'done' && session.user?.type === UserRoles.student ? session.user._id : null;
  const isPaid = (student: string) => async (): Promise<boolean | 'unknown'> => {
    const order = (await commerce.orders(student)).find((o) => o._id === orderId);
    if (!order) return 'unknown';
    if (!order.paid) return false;
    forgetVoucher(student); // the voucher was used by this order
    // The paid courses left the cart: the header's badge follows.
    void commerce.cart(student).then((c) => notifyCartChanged(c.items.length), () => undefined);
    return true;
  };
  const unknown = async () => 'unknown' as const;
  return {
    loggedOut: session.state === 'done' && !session.user,
    state: useOrderConfirmation(`${userId}/${orderId}`, session.state === 'checking' ? 'wait' : userId && orderId ? isPaid(userId) : unknown),
  };
}

function OrderLine({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  if (!orderId) return null;
  return (
    <p className="muted" data-testid="payment-order">
      {t('payment.order', { id: orderId })}
    </p>
  );
}

function PaymentSuccess({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { state, loggedOut } = usePaidOrder(orderId);
  // Thanks only for the caller's own paid order; an order not theirs (or made up) is not named back.
  if (state === 'unknown')
    return (
      <div className="card payment-return payment-success" data-testid="payment-success" data-state={state}>
        <div className="payment-icon bad" aria-hidden="true">
          ?
        </div>
        <h1>{t('payment.success.unknownTitle')}</h1>
        <p data-testid="payment-status">{loggedOut ? t('payment.success.unknownLoggedOut') : t('payment.success.unknownText')}</p>
        <div className="actions centered">
          {loggedOut ? (
            <Link className="btn btn-primary" to={loginReturningTo(`${location.pathname}${location.search}`)} data-testid="payment-login">
              {t('nav.login')}
            </Link>
          ) : (
            <Link className="btn btn-primary" to={PURCHASE_HISTORY} data-testid="payment-history">
              {t('payment.success.history')}
            </Link>
          )}
          <Link className="btn btn-outline" to={linkTo('/allcourses')}>
            {t('cart.browse')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="card payment-return payment-success" data-testid="payment-success" data-state={state}>
      <div className={`payment-icon ${state === 'paid' ? 'ok' : ''}`} aria-hidden="true">
        {state === 'paid' ? '✓' : '…'}
      </div>
      <h1>{state === 'paid' ? t('payment.success.title') : state === 'slow' ? t('payment.success.pendingTitle') : t('payment.success.checkingTitle')}</h1>
      <OrderLine orderId={orderId} />
      <p data-testid="payment-status" role="status">
        {state === 'confirming' && (
          <>
            <span className="spinner inline" aria-hidden="true" /> {t('payment.success.confirming')}
          </>
        )}
        {state === 'paid' && t('payment.success.confirmed')}
        {state === 'slow' && t('payment.success.slow')}
      </p>
      <div className="actions centered">
        <Link className="btn btn-primary" to={PURCHASE_HISTORY} data-testid="payment-history">
          {t('payment.success.history')}
        </Link>
        <Link className="btn btn-outline" to={linkTo('/allcourses')}>
          {t('cart.browse')}
        </Link>
      </div>
    </div>
  );
}

function PaymentProblem({ kind, orderId }: { kind: 'fail' | 'cancel'; orderId: string }) {
  const { t } = useTranslation();
  return (
    <div className={`card payment-return payment-${kind}`} data-testid={`payment-${kind}`}>
      <div className="payment-icon bad" aria-hidden="true">
        {kind === 'fail' ? '✕' : '↩'}
      </div>
      <h1>{t(`payment.${kind}.title`)}</h1>
      <OrderLine orderId={orderId} />
      <p>{t(`payment.${kind}.text`)}</p>
      <div className="actions centered">
        <Link className="btn btn-primary" to={linkTo('/cart')} data-testid="payment-back-to-cart">
          {t('payment.backToCart')}
        </Link>
      </div>
    </div>
  );
}

/** Where the card gateway sends the browser back: /payment/success|fail|cancel?order=<orderId>. */
export default function PaymentReturn({ kind }: { kind: 'success' | 'fail' | 'cancel' }) {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  return kind === 'success' ? <PaymentSuccess orderId={orderId} /> : <PaymentProblem kind={kind} orderId={orderId} />;
}
