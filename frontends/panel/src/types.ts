// Shapes of the commerce answers the panel reads, taken from the generated API types.
import type { ApiPaths } from '@taal/web-shared/api';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The `data` of a route's 200 answer. */
type Data<P extends keyof ApiPaths, M extends 'get' | 'post'> = ApiPaths[P][M] extends { responses: { 200: infer R } } ? (Json<R> extends { data: infer D } ? D : never) : never;

export type WishlistItem = Data<'/api/v1/wishlist/{userId}', 'get'>[number];
export type Order = Data<'/api/v1/order/{userId}', 'get'>[number];
export type Wallet = Data<'/api/v1/wallet/{userId}', 'get'>;
export type ClassroomItem = Data<'/api/v1/classroom/{userId}', 'get'>[number];
