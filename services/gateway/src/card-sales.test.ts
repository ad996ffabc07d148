import { services } from '@taal/launcher';
import { defineApi } from '@taal/edge';
import { apiPartsOf, checkCardSales } from './api-routes';

describe('card sales declared by the API parts', () => {
  const part = (tranPrefix: string, callbackPath: string) => defineApi({ clients: {}, cardSale: { tranPrefix, callbackPath }, routes: () => [] });

  it('the registry’s parts sell by card under distinct tran_id prefixes and callback paths', () => {
    const parts = apiPartsOf(services);
    expect(parts.filter((p) => p.cardSale).length).toBeGreaterThanOrEqual(2);
    expect(() => checkCardSales(parts)).not.toThrow();
  });

  it('refuses two parts with one tran_id prefix, or one callback path (one would take the other’s payments)', () => {
    expect(() => checkCardSales([part('T', '/a/ssl'), part('T', '/b/ssl')])).toThrow(/tranPrefix "T"/);
    expect(() => checkCardSales([part('T', '/a/ssl'), part('S', '/a/ssl')])).toThrow(/callbackPath "\/a\/ssl"/);
  });
});
