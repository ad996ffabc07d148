// The gift-card store through the typed gateway client (spec §4, §5, §7; decision 0018).
// Amounts are integer poisha; the payment session takes BDT.
import { takaOfPoisha } from '@taal/contracts/web';
import { answer, authApi, publicApi, type ApiPaths } from '@taal/web-shared/api';

type Ok<P extends keyof ApiPaths, M extends 'get' | 'post'> = ApiPaths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : ApiPaths[P][M] extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;

export type GiftProduct = Ok<'/api/v1/store/product/', 'get'>['data'][number];
export type StoreCategory = Ok<'/api/v1/store/category/', 'get'>['data'][number];
export type StoreOrder = Ok<'/api/v1/store/order/{id}', 'get'>['data'];
export type StoreOrderBody = ApiPaths['/api/v1/store/order/']['post']['requestBody']['content']['application/json'];

export const giftStore = {
  categories: async (): Promise<StoreCategory[]> => (await answer(publicApi.GET('/api/v1/store/category/'))).data,
  products: async (): Promise<GiftProduct[]> => (await answer(publicApi.GET('/api/v1/store/product/'))).data,
  product: async (id: string): Promise<GiftProduct> => (await answer(publicApi.GET('/api/v1/store/product/{param}', { params: { path: { param: id } } }))).data,
  order: async (id: string): Promise<StoreOrder> => (await answer(authApi.GET('/api/v1/store/order/{id}', { params: { path: { id } } }))).data,
  createOrder: async (body: StoreOrderBody): Promise<StoreOrder> => (await answer(authApi.POST('/api/v1/store/order/', { body }))).data,
  /** Opens the gateway session for the order; the gateway's page URL. */
  pay: async (order: StoreOrder, customer: { name: string; phone: string; email: string }): Promise<string> =>
    (
      await answer(
        authApi.POST('/api/v1/store/payment/ssl/', {
          body: {
            amount: takaOfPoisha(order.orderItem.totalPrice),
            name: customer.name.slice(0, 200),
            phone: customer.phone.slice(0, 40),
            email: customer.email,
            product_name: order.orderItem.name.slice(0, 300),
            currency: 'BDT',
            cus_order_id: order._id,
          },
        }),
      )
    ).data.GatewayPageURL,
};

/** Spec §5's form rules (also checked by the store service). */
export const MIN_PHONE = 11;
