import { z } from 'zod';
import type { storeV1 } from '@taal/contracts';
import { poishaAmount } from '@taal/edge';

/** The store's answers as the spec names their fields (admin-back-office.md, storefront §3). Amounts are integer poisha. */

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
