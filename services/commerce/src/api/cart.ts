/** The student's own cart: add, remove, empty and read. */
import { z } from 'zod';
import { COURSE_TIERS as TIERS, type commerceV1 } from '@taal/contracts';
import { answer, poishaAmount, badRequest, done, envelope, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { forCaller, ownCaller, uuid, userIdParam, userCourseBody, notForSale, alreadyOwned, guards, type CommerceRouteDeps } from './shape';

const CartItemSchema = z.object({
  course: uuid(),
  tier: z.enum(TIERS),
  title: z.string(),
  price: poishaAmount(),
  validity: z.int().min(0).meta({ description: 'Days of access bought' }),
  addedAt: z.string(),
});
const CartSchema = z.object({ items: z.array(CartItemSchema), subtotal: poishaAmount() }).meta({ id: 'Cart' });
const toCart = (cart: commerceV1.Cart | undefined) => ({
  items: (cart?.items ?? []).map((i) => ({
    course: i.courseId,
    tier: i.tier as (typeof TIERS)[number],
    title: i.title,
    price: i.price,
    validity: i.validityDays,
    addedAt: i.addedAt,
  })),
  subtotal: cart?.subtotal ?? 0,
});

/** A cart item by its tier, or as the spec writes it: {user, course, price, validity} (decision 0028). */
const cartItemBody = z
  .object({
    user: uuid().meta({ description: "The caller's own id" }),
    course: uuid(),
    tier: z.enum(TIERS, { error: 'TIER_INVALID' }).optional().meta({ description: 'silver, gold or diamond; without it, price and validity name the tier' }),
    price: poishaAmount().optional().meta({ description: 'The tier’s price as GET course/{id}/ answers it (poisha): with validity, picks the tier offering exactly both (CART_OFFER_UNKNOWN otherwise); never what is charged' }),
    validity: z.int({ error: 'INVALID_VALUE' }).min(1).max(100_000).optional().meta({ description: 'The tier’s validity in days' }),
  })
  .refine((b) => b.tier !== undefined || (b.price !== undefined && b.validity !== undefined), { path: ['tier'], error: 'TIER_INVALID' });
const userBody = z.object({ user: uuid().meta({ description: "The caller's own id" }) });

export function cartRoutes({ commerce, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { student } = guards(tokens);
  return [
    // ---- Cart ----
    defineRoute({
      method: 'post',
      path: '/cart/',
      summary: 'Add a course at a tier to the cart: {user, course, tier}, or the spec’s {user, course, price, validity} naming the tier with exactly that offer (decision 0028); price and validity charged are the catalogue’s',
      auth: student,
      body: { schema: cartItemBody },
      responses: {
        200: answer(done(CartSchema), "'course added to the cart'"),
        ...badRequest,
        ...notForSale,
        ...alreadyOwned,
      },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const cart = await commerce.addToCart(forCaller(caller), { courseId: body.course, tier: body.tier ?? '', price: body.price, validityDays: body.validity });
        res.json({ success: true, message: 'course added to the cart', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/delete/',
      summary: 'Remove one course from the cart',
      auth: student,
      body: { schema: userCourseBody },
      responses: { 200: answer(done(CartSchema)), ...badRequest },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const cart = await commerce.removeFromCart(forCaller(caller), { courseId: body.course });
        res.json({ success: true, message: 'success', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cart/remove_all',
      summary: 'Empty the cart',
      auth: student,
      body: { schema: userBody },
      responses: { 200: answer(done(CartSchema)), ...badRequest },
      handler: async ({ res, body }) => {
        const caller = ownCaller(res, body.user);
        const cart = await commerce.clearCart(forCaller(caller));
        res.json({ success: true, message: 'success', data: toCart(cart) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cart/{userId}',
      summary: "The caller's cart with its subtotal",
      auth: student,
      cachedPerUser: true,
      params: userIdParam,
      responses: { 200: answer(envelope(CartSchema)) },
      handler: async ({ res, param }) => {
        const cart = await commerce.getCart(forCaller(ownCaller(res, param('userId'))));
        res.json(ok(toCart(cart)));
      },
    }),
  ];
}
