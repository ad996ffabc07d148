// /store: the store's categories and the gift-card listing with Buy Now (spec §2, §7). Load
// failures are silently ignored (an empty listing), as the spec says for the store.
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatValidity } from '@taal/web-shared/format';
import { useAsync } from '@taal/web-shared/useAsync';
import { PriceLine } from '../components/PriceLine';
import { giftStore, type GiftProduct, type StoreCategory } from '../giftStore';
import { Loading, Money } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export function GiftCardFace({ product }: { product: Pick<GiftProduct, 'image' | 'value' | 'name'> }) {
  const { t } = useTranslation();
  if (product.image) return <img src={product.image} alt="" loading="lazy" />;
  return (
    <div className="gift-face" aria-hidden="true">
      <span className="gift-brand">Taal</span>
      <span className="gift-value">
        <Money poisha={product.value} className="" />
      </span>
      <span className="gift-label">{t('store.giftCard')}</span>
    </div>
  );
}

export default function StorePage() {
  const { t } = useTranslation();
  const products = useAsync<GiftProduct[]>(() => giftStore.products().catch(() => []), []);
  const categories = useAsync<StoreCategory[]>(() => giftStore.categories().catch(() => []), []);
  if (products.loading && !products.data) return <Loading />;
  const list = products.data ?? [];
  return (
    <section className="store-page">
      <header className="section-head">
        <h1>{t('store.title')}</h1>
        <p className="muted">{t('store.subtitle')}</p>
      </header>
      {(categories.data ?? []).length > 0 && (
        <ul className="store-categories" data-testid="store-categories">
          {categories.data!.map((c) => (
            <li key={c._id} className="store-category">
              {c.image && <img src={c.image} alt="" loading="lazy" />}
              <span>
                <strong>{c.name}</strong>
                <small className="muted">{c.description}</small>
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.length === 0 ? (
        <p className="muted" data-testid="store-empty">
          {t('store.empty')}
        </p>
      ) : (
        <div className="grid gift-grid" data-testid="store-list">
          {list.map((p) => (
            <article key={p._id} className="card gift-card" data-testid="gift-product" data-param={p.param}>
              <div className="thumb">
                <GiftCardFace product={p} />
              </div>
              <div className="body">
                <h2>{p.name}</h2>
                <PriceLine price={p.price} oldPrice={p.oldPrice} />
                <p className="muted">
                  {t('store.worth')} <Money poisha={p.value} className="" /> · {t('store.validity', { validity: formatValidity(p.validity) })}
                </p>
                <Link className="btn btn-primary" to={linkTo('/products/giftCard/:id', { id: p.param })} data-testid="buy-now">
                  {t('store.buyNow')}
                </Link>
              </div>
            </article>
          ))}
        </div>
      )}
      <div className="card gift-rules">
        <h2>{t('store.rulesTitle')}</h2>
        <ul>
          <li>{t('store.rules.validity')}</li>
          <li>{t('store.rules.once')}</li>
          <li>{t('store.rules.wallet')}</li>
          <li>{t('store.rules.lost')}</li>
        </ul>
      </div>
    </section>
  );
}
