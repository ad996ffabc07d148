/** The student's own wishlist: add, remove and read. */
import { z } from 'zod';
import { type commerceV1 } from '@taal/contracts';
import { answer, badRequest, done, listOf, ok, defineRoute, type RouteSpec } from '@taal/edge';
import { forCaller, ownCaller, uuid, userIdParam, userCourseBody, notForSale, guards, type CommerceRouteDeps } from './shape';

const WishlistItemSchema = z.object({ course: uuid(), addedAt: z.string() }).meta({ id: 'WishlistItem' });
const toWishlist = (items: commerceV1.WishlistItem[]) => items.map((i) => ({ course: i.courseId, addedAt: i.addedAt }));

export function wishlistRoutes({ commerce, tokens }: CommerceRouteDeps): RouteSpec[] {
  const { student } = guards(tokens);
  return [
    // ---- Wishlist ----
    defineRoute({
      method: 'post',
      path: '/wishlist/',
      summary: 'Add a course to the wishlist',
      auth: student,
      body: { schema: userCourseBody },
      responses: {
        200: answer(done(z.array(WishlistItemSchema)), "'Course Added to Wishlist'"),
        ...badRequest,
        ...notForSale,
      },
      handler: async ({ res, body }) => {
        const items = await commerce.addToWishlist(forCaller(ownCaller(res, body.user)), { courseId: body.course });
        res.json({ success: true, message: 'Course Added to Wishlist', data: toWishlist(items) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/wishlist/delete/',
      summary: 'Remove a course from the wishlist',
      auth: student,
      body: { schema: userCourseBody },
      responses: { 200: answer(done(z.array(WishlistItemSchema))), ...badRequest },
      handler: async ({ res, body }) => {
        const items = await commerce.removeFromWishlist(forCaller(ownCaller(res, body.user)), { courseId: body.course });
        res.json({ success: true, message: 'success', data: toWishlist(items) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/wishlist/{userId}',
      summary: "The caller's wishlist",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(listOf(WishlistItemSchema)) },
      handler: async ({ res, param }) => {
        const items = await commerce.listWishlist(forCaller(ownCaller(res, param('userId'))));
        res.json(ok(toWishlist(items)));
      },
    }),
  ];
}
