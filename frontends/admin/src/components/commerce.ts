// Shapes of the commerce answers the back office reads, taken from the generated API types.
import type { ApiPaths } from '@taal/web-shared/api';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The `data` of a route's 200 answer. */
export type Data<P extends keyof ApiPaths, M extends 'get' | 'post'> = ApiPaths[P][M] extends { responses: { 200: infer R } } ? (Json<R> extends { data: infer D } ? D : never) : never;

export type Voucher = Data<'/api/v1/cart/cupon/list', 'get'>[number];

/** An order as the back office's lists answer it: the order with its buyer's name and e-mail. */
export type AdminOrder = Data<'/api/v1/analytics/orders/{startDate}/{endDate}', 'get'>[number];
