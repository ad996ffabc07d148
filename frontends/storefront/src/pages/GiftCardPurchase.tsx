// /products/giftCard/{id}: buy a gift card for myself or someone else (spec §4, §5). The
// total is price × quantity, recalculated when the quantity field is left; the server computes it
// again and refuses another. Logged-out visitors see 'Please Login to continue' and a login
// button. The order and payment calls' failures are only logged (spec §8); the form's own
// problems are shown beside their fields, and the store's toasts last 5 s at the top centre.
import { Link, useParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { formatValidity } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { PriceLine } from '../components/PriceLine';
import { GiftCardPurchaseForm } from '../components/giftcard/GiftCardPurchaseForm';
import { giftStore, type GiftProduct } from '../giftStore';
import { GiftCardFace } from './Store';
import { Loading, Money } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export default function GiftCardPurchase() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useVerifiedSession();
  const product = useAsync<GiftProduct>(() => giftStore.product(id), [id]);
  if ((product.loading && !product.data) || session.state === 'checking') return <Loading />;
  if (!product.data) {
    return (
      <div className="card" data-testid="gift-not-found">
        <h1>{t('store.notFound')}</h1>
        <Link className="btn btn-outline" to={linkTo('/store')}>
          {t('store.backToStore')}
        </Link>
      </div>
    );
  }
  const p = product.data;
  const user = session.user;
  return (
    <section className="gift-purchase">
      <div className="card gift-summary">
        <div className="thumb">
          <GiftCardFace product={p} />
        </div>
        <div className="body">
          <h1>{p.name}</h1>
          <PriceLine price={p.price} oldPrice={p.oldPrice} />
          <p>
            {t('store.worth')} <Money poisha={p.value} className="" /> · {t('store.validity', { validity: formatValidity(p.validity) })}
          </p>
          <p className="muted">{p.description}</p>
        </div>
      </div>
      {!user ? (
        <div className="card gift-login" data-testid="gift-login">
          <p>{t('store.loginToContinue')}</p>
          <Link className="btn btn-primary" to={linkTo('/login', { redirect: linkTo('/products/giftCard/:id', { id }) })} data-testid="gift-login-button">
            {t('nav.login')}
          </Link>
        </div>
      ) : user.type !== UserRoles.student ? (
        <div className="card gift-login" data-testid="gift-students-only">
          <p>{t('store.studentsOnly')}</p>
        </div>
      ) : (
        <GiftCardPurchaseForm product={p} user={user} />
      )}
    </section>
  );
}
