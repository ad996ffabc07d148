import type { TierName } from '../../commerce';

/** A tier's name from its price field ('priceGold' → 'gold'). */
export const tierName = (key: string) => key.replace('price', '').toLowerCase() as TierName;
