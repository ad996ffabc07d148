import { discountPercent, formatNumber } from '@taal/web-shared/format';
import { Money } from '@taal/web-shared/ui';

/** Price, struck-through old price and the spec's discount: round(price / oldPrice * 100 - 100) %. */
export function PriceLine({ price, oldPrice }: { price: number; oldPrice: number }) {
  const discount = discountPercent(price, oldPrice);
  return (
    <span className="price-line">
      <Money poisha={price} className="price" />
      {oldPrice > 0 && oldPrice !== price && <Money poisha={oldPrice} className="old-price" />}
      {discount !== null && discount !== 0 && (
        <span className="discount" data-testid="discount">
          {formatNumber(discount)}%
        </span>
      )}
    </span>
  );
}
