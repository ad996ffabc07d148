import type { Request } from 'express';
import { z } from 'zod';
import { poishaOfText, ServiceNames, type RefusalKey, type storeV1, type commerceV1, type identityV1 } from '@taal/contracts';
import { type FileStore } from '@taal/kit';
import type { Catalog } from '../app/catalog';
import type { GiftCards } from '../app/gift-cards';
import type { Orders } from '../app/orders';
import { poishaAmount, poishaText, fail, ID_PATTERN, idParam, requireAuth, UserRoles, refusal, callerFor, type AuthenticatedCaller, type GuessLimiter, acceptUploads, UPLOAD_LIMITS, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';

/**
 * The gift-card store (storefront §2–§9, admin-back-office.md "Store"; issue 11; decision 0018),
 * answered by the store service, which checks every role again. Reads of categories and products
 * are public; the back office's writes and lists are the admin's; orders, payments, redeeming
 * and the balance are the student's own (a `{userId}` other than the caller's is 403). Images go
 * through the one upload mechanism (http/uploads, decision 0016); the category's data URL is
 * decoded and checked the same way. Wrong gift-card codes are limited per user and per address.
 */


/** The store's answers as the spec names their fields (admin-back-office.md, storefront §3). Amounts are integer poisha. */

/** GET store/order/ and store/gift-card/ (the back office's lists) answer at most this many rows (decision 0084): 50 of the widest orders (3.5 KB) stay under 200 KB (decision 0089). */
export const STORE_LIST_BOUND = 50;
/** GET store/order/mine/{userId} (a student's own paid orders) answers at most this many (decisions 0087, 0089: 500 of the widest were 1.7 MB). */
export const MY_STORE_ORDERS_BOUND = 50;

export const CategorySchema = z
  .object({ _id: z.string(), name: z.string(), image: z.string(), description: z.string(), createdAt: z.string() })
  .meta({ id: 'StoreCategory' });
export const toCategory = (c: storeV1.Category) => ({ _id: c.id, name: c.name, image: c.image, description: c.description, createdAt: c.createdAt });

export const ProductSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    param: z.string().meta({ description: 'The route slug (unique)' }),
    price: poishaAmount(),
    oldPrice: poishaAmount(),
    value: poishaAmount().meta({ description: 'What the card credits to the wallet' }),
    validity: z.string(),
    description: z.string(),
    image: z.string(),
    sold: z.int().min(0),
    createdAt: z.string(),
  })
  .meta({ id: 'StoreProduct' });
export const toProduct = (p: storeV1.Product) => ({
  _id: p.id,
  name: p.name,
  param: p.param,
  price: p.price,
  oldPrice: p.oldPrice,
  value: p.value,
  validity: p.validity,
  description: p.description,
  image: p.image,
  sold: p.sold,
  createdAt: p.createdAt,
});

export const StoreOrderSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    userPhone: z.string(),
    forMyself: z.boolean(),
    shippingAddress: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    orderItem: z.object({ product: z.string(), name: z.string(), price: poishaAmount(), value: poishaAmount(), quantity: z.int().min(1), totalPrice: poishaAmount() }),
    paymentInfo: z.object({ card_type: z.string(), card_issuer: z.string(), card_category: z.string(), store_amount: poishaAmount(), tran_id: z.string() }),
    isPaid: z.boolean(),
    createdAt: z.string(),
    orderStatus: z.enum(['unpaid', 'paid', 'cancelled']),
    giftCardFrom: z.string(),
    giftCardMessage: z.string(),
  })
  .meta({ id: 'StoreOrder' });
export const toOrder = (o: storeV1.StoreOrder) => ({
  _id: o.id,
  userId: o.userId,
  userName: o.userName,
  userEmail: o.userEmail,
  userPhone: o.userPhone,
  forMyself: o.forMyself,
  shippingAddress: { name: o.shippingAddress?.name ?? '', email: o.shippingAddress?.email ?? '', phone: o.shippingAddress?.phone ?? '' },
  orderItem: {
    product: o.orderItem?.productId ?? '',
    name: o.orderItem?.name ?? '',
    price: o.orderItem?.price ?? 0,
    value: o.orderItem?.value ?? 0,
    quantity: Math.max(1, o.orderItem?.quantity ?? 1),
    totalPrice: o.orderItem?.totalPrice ?? 0,
  },
  paymentInfo: {
    card_type: o.paymentInfo?.cardType ?? '',
    card_issuer: o.paymentInfo?.cardIssuer ?? '',
    card_category: o.paymentInfo?.cardCategory ?? '',
    store_amount: o.paymentInfo?.storeAmount ?? 0,
    tran_id: o.paymentInfo?.tranId ?? '',
  },
  isPaid: o.isPaid,
  createdAt: o.createdAt,
  orderStatus: o.orderStatus as 'unpaid' | 'paid' | 'cancelled',
  giftCardFrom: o.giftCardFrom,
  giftCardMessage: o.giftCardMessage,
});

export const GiftCardSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    productName: z.string(),
    senderName: z.string(),
    purchasedBy: z.string().meta({ description: "The buyer's user id" }),
    receiverName: z.string(),
    receiverEmail: z.string(),
    receiverPhone: z.string(),
    message: z.string(),
    value: poishaAmount(),
    price: poishaAmount(),
    valid_from: z.string(),
    valid_to: z.string(),
    used: z.boolean(),
    usedAt: z.string().meta({ description: 'Empty while unused' }),
    usedBy: z.string().meta({ description: 'The user id that redeemed it; empty while unused' }),
  })
  .meta({ id: 'GiftCard', description: 'An issued card; its secret code is never shown again (only its hash is stored)' });
export const toGiftCard = (g: storeV1.GiftCard) => ({
  _id: g.id,
  orderId: g.orderId,
  productName: g.productName,
  senderName: g.senderName,
  purchasedBy: g.purchasedBy,
  receiverName: g.receiverName,
  receiverEmail: g.receiverEmail,
  receiverPhone: g.receiverPhone,
  message: g.message,
  value: g.value,
  price: g.price,
  valid_from: g.validFrom,
  valid_to: g.validTo,
  used: g.used,
  usedAt: g.usedAt,
  usedBy: g.usedBy,
});

// ---- What the route groups share ----

/** How a route calls the store's use cases: as the store itself, for the caller the edge verified (issue 52). */
export const forCaller = (caller: AuthenticatedCaller) => callerFor(ServiceNames.store, caller);

/** The store's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface StoreUseCases {
  catalog: Catalog;
  orders: Orders;
  giftCards: GiftCards;
}

/** What the route groups are given (index.ts builds it once). */
export interface StoreRouteDeps extends StoreUseCases {
  identity: ServiceApi<identityV1.IdentityServiceServer>;
  tokens: AccessTokenVerifier;
  commerce: ServiceApi<commerceV1.CommerceServiceServer>;
  files: FileStore;
  guesses: GuessLimiter;
  logger: import('pino').Logger;
}

export const StoreApiMessages = {
  categoryCreated: 'category created successfully',
  categoryUpdated: 'category updated successfully',
  categoryDeleted: 'category deleted successfully',
  productAdded: 'Product added successfully!',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
  redeemed: 'Gift card redeemed successfully.',
} as const;
export const M = StoreApiMessages;

// Each check is worded as a refusal key (decision 0026): a schema's own error covers its checks.
export const uuid = () => z.string({ error: 'INVALID_ID' }).regex(new RegExp(ID_PATTERN));
export const wholePoisha = () => poishaText('AMOUNT_NOT_WHOLE_POISHA');
export const binary = (description: string) => z.string({ error: 'INVALID_VALUE' }).meta({ format: 'binary', description });
export const IMAGE_ENCODING = { image: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } };
export const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

export const imageForm = () => acceptUploads({ image: { kind: 'image' } }, { maxFields: 20, maxFieldBytes: 16 * 1024 });
export const tooLarge = { 413: fail(`The image is larger than ${mb(UPLOAD_LIMITS.image)} (or the JSON body larger than 1 MB)`) };

/** A text field of a multipart body: undefined when absent or blank. */
export function textOf(req: Request, name: string): string | undefined {
  const raw: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
/** A money field of a form (integer poisha); NaN when present and not one. */
export function poishaOf(req: Request, name: string): number | undefined {
  const text = textOf(req, name);
  if (text === undefined) return undefined;
  return poishaOfText(text) ?? Number.NaN;
}

export const categoryId = { id: { ...idParam.id, invalid: () => refusal('CATEGORY_NOT_FOUND') } };
export const productId = { id: { ...idParam.id, invalid: () => refusal('GIFT_CARD_NOT_FOUND') } };
export const cardId = { id: { ...idParam.id, invalid: () => refusal('GIFT_CARD_NOT_FOUND') } };
export const orderId = { id: { ...idParam.id, invalid: () => refusal('ORDER_NOT_FOUND') } };
export const userIdParam = { userId: { schema: uuid(), description: "The caller's own user id; another id gives 403", invalid: () => refusal('WALLET_NOT_YOURS') } };

/** A form's problems (field → key): refused with the first one's key as the headline. */
export function refuseForm(problems: Record<string, RefusalKey>): void {
  if (Object.keys(problems).length) throw refusal(Object.values(problems)[0]!, { fields: problems });
}

/** `/api/v1/media/images/<uuid>.jpg` → the files-port keys of that upload (both sizes). */
function keysOfImageUrl(url: string): string[] {
  const match = /^\/api\/v1\/media\/images\/([0-9a-f-]{36})\.(jpg|webp)$/.exec(url);
  return match ? [`media/images/${match[1]}.${match[2]}`, `media/images/${match[1]}-thumb.${match[2]}`] : [];
}

/** Deletes the files of media URLs no longer referred to (best effort: the record is already stored). */
export async function release(files: FileStore, urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(keysOfImageUrl).map((key) => files.delete(key).catch(() => {})));
}

export const text = (max: number) => z.string({ error: 'INVALID_VALUE' }).max(max);

/** Who may call: admins (the back office) or students (their own orders, cards and balance). */
export function guards(tokens: AccessTokenVerifier) {
  return {
    admin: { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) },
    student: { label: 'students only', check: requireAuth(tokens, UserRoles.student) },
  };
}
