import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { Money } from '@taal/web-shared/ui';
import type { Cart } from '../../commerce';
import { linkTo } from '@taal/web-shared/routes';

/** The cart's courses, each with its tier, validity and price, and the buttons that take it out. */
export function CartItemsTable({
  items,
  disabled,
  onRemove,
  onMoveToWishlist,
}: {
  items: Cart['items'];
  disabled: boolean;
  onRemove: (course: string) => void;
  onMoveToWishlist: (course: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card cart-items" aria-label={t('cart.items')}>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{t('cart.columns.course')}</th>
            <th scope="col">{t('cart.columns.tier')}</th>
            <th scope="col">{t('cart.columns.validity')}</th>
            <th scope="col" className="num">
              {t('cart.columns.price')}
            </th>
            <th scope="col">
              <span className="sr-only">{t('cart.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.course} data-testid="cart-item" data-course={item.course} data-tier={item.tier}>
              <td>
                <Link to={linkTo('/courseview', { id: item.course })}>{item.title}</Link>
              </td>
              <td data-testid="cart-item-tier">{t(`tiers.${item.tier}`)}</td>
              <td>{t('cart.days', { count: item.validity })}</td>
              <td className="num" data-testid="cart-item-price">
                <Money poisha={item.price} className="price" />
              </td>
              <td className="num">
                <button type="button" className="btn btn-outline btn-sm" disabled={disabled} onClick={() => onRemove(item.course)} data-testid="cart-remove">
                  {t('cart.remove')}
                </button>{' '}
                <button type="button" className="btn btn-outline btn-sm" disabled={disabled} onClick={() => onMoveToWishlist(item.course)} data-testid="cart-to-wishlist">
                  {t('cart.toWishlist')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
