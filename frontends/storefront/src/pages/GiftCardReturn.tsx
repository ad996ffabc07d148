// The return pages after the gateway (spec §2, §4, §8): /giftcard-successfull with 10 seconds of
// confetti while the order is confirmed (the IPN may still be on its way), and /giftcard-fail with
// 'Sorry! We couldn't make your order!', a retry link and a contact link.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import confetti from 'canvas-confetti';
import { useTranslation } from '@taal/web-shared/i18n';
import { useOrderConfirmation } from '../components/orderConfirmation';
import { giftStore, type StoreOrder } from '../giftStore';
import { linkTo } from '@taal/web-shared/routes';

/** Spec §10: confetti for 10 seconds. */
const CONFETTI_MS = 10_000;

/**
 * Confetti for `ms` on a canvas of our own, drawn on the main thread: the library's default
 * instance draws in a worker made from a blob: URL, which the site's CSP does not allow.
 */
function useConfetti(ms: number) {
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const canvas = document.createElement('canvas');
    canvas.className = 'confetti-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    document.body.appendChild(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false });
    const end = Date.now() + ms;
    document.body.dataset.confetti = 'running';
    let frame = 0;
    const burst = () => {
      if (!reduce) {
        void fire({ particleCount: 6, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
        void fire({ particleCount: 6, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
      }
      if (Date.now() < end) frame = window.setTimeout(burst, 200);
      else document.body.dataset.confetti = 'done';
    };
    burst();
    return () => {
      window.clearTimeout(frame);
      fire.reset();
      canvas.remove();
      delete document.body.dataset.confetti;
    };
  }, [ms]);
}

export function GiftCardSuccess() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  useConfetti(CONFETTI_MS);
  const [order, setOrder] = useState<StoreOrder | null>(null);
  const state = useOrderConfirmation(
    orderId,
    orderId
      ? async () => {
          const o = await giftStore.order(orderId);
          setOrder(o);
          return o.isPaid;
        }
      : null,
  );
  // Where the codes went: the buyer's own address, or the receiver's (the buyer then gets a
  // receipt without the codes, which would let the buyer redeem the receiver's card).
  const toSelf = !order || order.forMyself || order.shippingAddress.email.toLowerCase() === order.userEmail.toLowerCase();
  return (
    <div className="card payment-return payment-success gift-return" data-testid="giftcard-success" data-state={state}>
      <div className="payment-icon ok" aria-hidden="true">
        ✓
      </div>
      <h1>{t('store.success.title')}</h1>
      <p role="status" data-testid="giftcard-status">
        {state === 'confirming' && (
          <>
            <span className="spinner inline" aria-hidden="true" /> {t('store.success.confirming')}
          </>
        )}
        {state === 'paid' && (toSelf ? t('store.success.paidSelf', { email: order?.shippingAddress.email ?? '' }) : t('store.success.paidOther', { email: order!.shippingAddress.email }))}
        {state === 'slow' && t('store.success.slow')}
      </p>
      <div className="actions">
        <Link className="btn btn-primary" to={linkTo('/store')}>
          {t('store.success.more')}
        </Link>
        <Link className="btn btn-outline" to={linkTo('/studentpanel', { tab: 6 })}>
          {t('store.success.redeem')}
        </Link>
      </div>
    </div>
  );
}

export function GiftCardFail() {
  const { t } = useTranslation();
  return (
    <div className="card payment-return payment-fail gift-return" data-testid="giftcard-fail">
      <div className="payment-icon bad" aria-hidden="true">
        ✕
      </div>
      <h1>{t('store.fail.title')}</h1>
      <p>{t('store.fail.text')}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={linkTo('/store')} data-testid="giftcard-retry">
          {t('store.fail.retry')}
        </Link>
        <Link className="btn btn-outline" to={linkTo('/contact')} data-testid="giftcard-contact">
          {t('store.fail.contact')}
        </Link>
      </div>
    </div>
  );
}
