import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { commerce, notifyCartChanged } from '../commerce';

/** The gateway sends the browser back before (or after) its notice reaches us: ask every second for ~15 s. */
const POLL_EVERY_MS = 1000;
const POLL_FOR_MS = 15_000;
/** The student panel's Purchase History tab (index 3, chosen by ?tab=). */
const PURCHASE_HISTORY = '/studentpanel?tab=3';

type Confirmation = 'confirming' | 'paid' | 'slow';

/** Polls the student's orders until `orderId` is paid, or gives up after POLL_FOR_MS. */
function useOrderConfirmation(orderId: string): Confirmation {
  const session = useVerifiedSession();
  const userId = session.state === 'done' && session.user?.type === UserRoles.student ? session.user._id : null;
  const [state, setState] = useState<Confirmation>('confirming');
  useEffect(() => {
    if (session.state === 'checking') return;
    if (!userId || !orderId) {
      setState('slow');
      return;
    }
    let live = true;
    let timer: number | undefined;
    const deadline = Date.now() + POLL_FOR_MS;
    const poll = async () => {
      try {
        const orders = await commerce.orders(userId);
        if (!live) return;
        if (orders.some((o) => o._id === orderId && o.paid)) {
          setState('paid');
          // The paid courses left the cart: the header's badge follows.
          void commerce.cart(userId).then((c) => notifyCartChanged(c.items.length), () => undefined);
          return;
        }
      } catch {
        /* a failed look is retried until the deadline */
      }
      if (!live) return;
      if (Date.now() >= deadline) setState('slow');
      else timer = window.setTimeout(() => void poll(), POLL_EVERY_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [session.state, userId, orderId]);
  return state;
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
  const state = useOrderConfirmation(orderId);
  return (
    <div className="card payment-return payment-success" data-testid="payment-success" data-state={state}>
      <div className="payment-icon ok" aria-hidden="true">
        ✓
      </div>
      <h1>{t('payment.success.title')}</h1>
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
        <Link className="btn btn-outline" to="/allcourses">
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
        <Link className="btn btn-primary" to="/cart" data-testid="payment-back-to-cart">
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
