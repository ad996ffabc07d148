/**
 * The gift-card store (storefront §2–§9, admin-back-office.md "Store"; issue 11; decision 0018),
 * answered by the store service, which checks every role again. Reads of categories and products
 * are public; the back office's writes and lists are the admin's; orders, payments, redeeming
 * and the balance are the student's own (a `{userId}` other than the caller's is 403). Images go
 * through the one upload mechanism (http/uploads, decision 0016); the category's data URL is
 * decoded and checked the same way. Wrong gift-card codes are limited per user and per address.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { GiftCardTextLimits, GiftCardTextMessages, poishaOfText, type RefusalKey, type commerceV1, type identityV1 } from '@taal/contracts';
import { isGrpcStatusError, type FileStore } from '@taal/kit';
import type { StoreApi } from './client';
import { answer, done, envelope, poishaAmount, poishaText, fail, ID_PATTERN, idParam, listOf, tooMany, callerOf, requireAuth, UserRoles, refusal, type GuessLimiter, ok, defineRoute, type RouteSpec, acceptUploads, checkUpload, checkUploads, storeUploads, UPLOAD_LIMITS, type ServiceApi, type AccessTokenVerifier, refuseUnapprovedBuyer, GUARDIAN_PENDING_TEXT } from '@taal/edge';
import { storePaymentRoutes } from './payments';
import { CategorySchema, GiftCardSchema, ProductSchema, StoreOrderSchema, toCategory, toGiftCard, toOrder, toProduct } from './shape';

export interface StoreRouteDeps {
  store: StoreApi;
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
const M = StoreApiMessages;

// Each check is worded as a refusal key (decision 0026): a schema's own error covers its checks.
const uuid = () => z.string({ error: 'INVALID_ID' }).regex(new RegExp(ID_PATTERN));
const wholePoisha = () => poishaText('AMOUNT_NOT_WHOLE_POISHA');
const binary = (description: string) => z.string({ error: 'INVALID_VALUE' }).meta({ format: 'binary', description });
const IMAGE_ENCODING = { image: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } };
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

const imageForm = () => acceptUploads({ image: { kind: 'image' } }, { maxFields: 20, maxFieldBytes: 16 * 1024 });
const tooLarge = { 413: fail(`The image is larger than ${mb(UPLOAD_LIMITS.image)} (or the JSON body larger than 1 MB)`) };

/** A text field of a multipart body: undefined when absent or blank. */
function textOf(req: Request, name: string): string | undefined {
  const raw: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
/** A money field of a form (integer poisha); NaN when present and not one. */
function poishaOf(req: Request, name: string): number | undefined {
  const text = textOf(req, name);
  if (text === undefined) return undefined;
  return poishaOfText(text) ?? Number.NaN;
}

const categoryId = { id: { ...idParam.id, invalid: () => refusal('CATEGORY_NOT_FOUND') } };
const productId = { id: { ...idParam.id, invalid: () => refusal('GIFT_CARD_NOT_FOUND') } };
const cardId = { id: { ...idParam.id, invalid: () => refusal('GIFT_CARD_NOT_FOUND') } };
const orderId = { id: { ...idParam.id, invalid: () => refusal('ORDER_NOT_FOUND') } };
const userIdParam = { userId: { schema: uuid(), description: "The caller's own user id; another id gives 403", invalid: () => refusal('WALLET_NOT_YOURS') } };

/** A form's problems (field → key): refused with the first one's key as the headline. */
function refuseForm(problems: Record<string, RefusalKey>): void {
  if (Object.keys(problems).length) throw refusal(Object.values(problems)[0]!, { fields: problems });
}

/** `data:image/png;base64,....` → bytes; null when it is not a base64 data URL. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return null;
  return Buffer.from(match[3]!.replace(/\s/g, ''), 'base64');
}

/** `/api/v1/media/images/<uuid>.jpg` → the files-port keys of that upload (both sizes). */
function keysOfImageUrl(url: string): string[] {
  const match = /^\/api\/v1\/media\/images\/([0-9a-f-]{36})\.(jpg|webp)$/.exec(url);
  return match ? [`media/images/${match[1]}.${match[2]}`, `media/images/${match[1]}-thumb.${match[2]}`] : [];
}

/** Deletes the files of media URLs no longer referred to (best effort: the record is already stored). */
async function release(files: FileStore, urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(keysOfImageUrl).map((key) => files.delete(key).catch(() => {})));
}

const text = (max: number) => z.string({ error: 'INVALID_VALUE' }).max(max);
const productFields = {
  name: text(200),
  param: text(80).meta({ description: 'Route slug: lower-case letters, digits and dashes; unique' }),
  price: wholePoisha().meta({ description: 'Integer poisha' }),
  oldPrice: wholePoisha().meta({ description: 'Integer poisha' }),
  value: wholePoisha().meta({ description: 'Integer poisha credited when redeemed' }),
  validity: text(100),
  description: text(5000),
  image: binary(`JPEG, PNG, GIF or WebP (re-encoded), at most ${mb(UPLOAD_LIMITS.image)}`),
};
const productCreateForm = z.object(productFields).meta({ description: 'Every field is required' });
const productEditForm = z.object(productFields).partial().meta({ description: 'Every field optional: a field not sent keeps its value' });
const categoryEditForm = z
  .object({ name: text(200), description: text(5000), image: binary(`An image, at most ${mb(UPLOAD_LIMITS.image)}`) })
  .partial();

/** Gift-card text (decision 0018): its length here; its characters are the store's to check (400 with the field). */
const giftCardText = (max: number, what: string) =>
  z
    .string({ error: 'INVALID_VALUE' })
    .max(max, 'TOO_LONG')
    .optional()
    .meta({ description: `${what}: at most ${max} characters of letters (Bengali too), digits, spaces and common punctuation, on one line` });

const orderBody = z.object({
  userId: uuid().meta({ description: "The caller's own id (403 otherwise)" }),
  userName: text(200).optional().meta({ description: "Ignored: the account's name is used" }),
  userEmail: text(254).optional().meta({ description: "Ignored: the account's e-mail is used" }),
  product: z.string({ error: 'GIFT_CARD_NOT_FOUND' }).min(1).max(100).meta({ description: 'The product id (or param)' }),
  name: text(200).optional(),
  value: poishaAmount().optional(),
  price: poishaAmount().optional(),
  quantity: z.int({ error: 'QUANTITY_TOO_SMALL' }).min(1).max(100, 'QUANTITY_TOO_LARGE'),
  totalPrice: poishaAmount().meta({ description: 'price × quantity as the client computed it; another value is 400 AMOUNT_MISMATCH' }),
  forMyself: z.boolean({ error: 'INVALID_VALUE' }),
  userPhone: text(40).optional().meta({ description: 'For myself: at least 11 characters' }),
  giftCardFrom: giftCardText(GiftCardTextLimits.senderName, "The sender's name on the card and in its mail's Subject"),
  giftCardMessage: giftCardText(GiftCardTextLimits.message, 'The message on the card'),
  shippingAddressName: giftCardText(GiftCardTextLimits.receiverName, "The receiver's name"),
  shippingAddressEmail: text(254).optional(),
  shippingAddressPhone: text(40).optional(),
  language: z.enum(['en', 'bn'], { error: 'INVALID_VALUE' }).optional().meta({ description: "The buyer's interface language (mails when the receiver's is unknown)" }),
});

const redeemAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    amount: poishaAmount().meta({ description: 'The value credited' }),
    balance: poishaAmount().meta({ description: 'The wallet balance after it (0 if commerce answers later)' }),
    giftCardMessage: z.string().meta({ description: "The sender's message on the card" }),
  }),
});

export function storeRoutes(deps: StoreRouteDeps): RouteSpec[] {
  const { store, identity, tokens, commerce, files, guesses } = deps;
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const student = { label: 'students only', check: requireAuth(tokens, UserRoles.student) };

  /** Checks and stores a decoded data-URL image exactly as an uploaded one (http/uploads). */
  const dataUrlImage = async (value: string) => {
    const bytes = decodeDataUrl(value);
    if (!bytes || bytes.length === 0) throw refusal('IMAGE_DATA_URL_INVALID', { fields: { image: 'IMAGE_DATA_URL_INVALID' } });
    if (bytes.length > UPLOAD_LIMITS.image) throw refusal('FILE_TOO_LARGE', { params: { max: mb(UPLOAD_LIMITS.image) } });
    const tmp = path.join(os.tmpdir(), `taal-upload-${randomUUID()}`);
    await writeFile(tmp, bytes);
    try {
      return await checkUpload('image', { kind: 'image' }, { path: tmp, size: bytes.length } as Express.Multer.File);
    } finally {
      await rm(tmp, { force: true });
    }
  };

  return [
    // ---- categories ----
    defineRoute({
      method: 'get',
      path: '/store/category/',
      summary: 'Store categories',
      fairUse: 'reads',
      responses: { 200: answer(listOf(CategorySchema)) },
      handler: async ({ res }) => {
        res.json(ok((await store.listCategories({})).categories.map(toCategory)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/category/create/',
      summary: "Add a category (image as a data URL): 'category created successfully'",
      auth: admin,
      body: {
        schema: z.object({
          name: text(200),
          image: text(1_000_000).meta({ description: 'data:image/...;base64,… (JPEG, PNG, GIF or WebP; re-encoded)' }),
          description: text(5000),
        }),
      },
      responses: { 201: answer(done(CategorySchema)), 400: fail("'This is required' per field, or an image data URL that is not an image"), ...tooLarge },
      handler: async ({ res, body }) => {
        const problems: Record<string, RefusalKey> = {};
        if (!body.name.trim()) problems.name = 'THIS_IS_REQUIRED';
        if (!body.description.trim()) problems.description = 'THIS_IS_REQUIRED';
        if (!body.image.trim()) problems.image = 'THIS_IS_REQUIRED';
        refuseForm(problems);
        const upload = await dataUrlImage(body.image);
        const category = await storeUploads(files, async (up) => {
          const image = (await up.image(upload)).url;
          return (await store.createCategory({ name: body.name, description: body.description, image }, callerOf(res))).category!;
        });
        res.status(201).json({ success: true, message: M.categoryCreated, data: toCategory(category) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/category/edit/{id}/',
      summary: "Edit a category (multipart; every field optional): 'category updated successfully'",
      auth: admin,
      params: categoryId,
      body: { schema: categoryEditForm, mediaType: 'multipart/form-data', documented: categoryEditForm, encoding: IMAGE_ENCODING },
      before: [imageForm()],
      responses: { 200: answer(done(CategorySchema)), 400: fail('A blank name, an image that is not one, or a form that cannot be read'), 404: fail('Category not found (CATEGORY_NOT_FOUND)'), ...tooLarge },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const before = (await store.listCategories({})).categories.find((c) => c.id === param('id'));
        if (!before) throw refusal('CATEGORY_NOT_FOUND');
        const category = await storeUploads(files, async (up) => {
          const image = uploads.image?.[0] ? (await up.image(uploads.image[0])).url : undefined;
          return (await store.updateCategory({ id: param('id'), name: textOf(req, 'name'), description: textOf(req, 'description'), image }, callerOf(res))).category!;
        });
        if (category.image !== before.image) await release(files, [before.image]);
        res.json({ success: true, message: M.categoryUpdated, data: toCategory(category) });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/store/category/delete/{id}',
      summary: "Delete a category: 'category deleted successfully'",
      auth: admin,
      params: categoryId,
      responses: { 200: answer(z.object({ success: z.literal(true), message: z.string() })), 404: fail('Category not found (CATEGORY_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const before = (await store.listCategories({})).categories.find((c) => c.id === param('id'));
        await store.deleteCategory({ id: param('id') }, callerOf(res));
        if (before) await release(files, [before.image]);
        res.json({ success: true, message: M.categoryDeleted });
      },
    }),

    // ---- products ----
    defineRoute({
      method: 'get',
      path: '/store/product/',
      summary: 'Gift-card products (the store listing)',
      fairUse: 'reads',
      responses: { 200: answer(listOf(ProductSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await store.listProducts({})).products.map(toProduct)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/product/{param}',
      summary: 'One gift-card product by its id or its param (slug): the purchase page',
      params: { param: { schema: z.string().regex(/^[A-Za-z0-9-]{1,100}$/), description: 'The id or the param', invalid: () => refusal('GIFT_CARD_NOT_FOUND') } },
      fairUse: 'reads',
      responses: { 200: answer(envelope(ProductSchema)), 404: fail('Gift card not found (GIFT_CARD_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        res.json(ok(toProduct((await store.getProduct({ id: param('param') })).product!)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/product/create',
      summary: "Add a gift card (multipart, every field required): 'Product added successfully!'",
      auth: admin,
      body: { schema: productCreateForm, mediaType: 'multipart/form-data', documented: productCreateForm, encoding: IMAGE_ENCODING },
      before: [imageForm()],
      responses: {
        201: answer(done(ProductSchema)),
        400: fail("'This is required' per field, a bad amount or param, an image that is not one, or a form that cannot be read"),
        409: fail('The param is already used'),
        ...tooLarge,
      },
      handler: async ({ req, res }) => {
        const uploads = await checkUploads(req);
        const problems: Record<string, RefusalKey> = {};
        for (const f of ['name', 'param', 'price', 'oldPrice', 'value', 'validity', 'description']) if (textOf(req, f) === undefined) problems[f] = 'THIS_IS_REQUIRED';
        for (const f of ['price', 'oldPrice', 'value']) if (Number.isNaN(poishaOf(req, f))) problems[f] = 'AMOUNT_NOT_WHOLE_POISHA';
        if (!uploads.image?.length) problems.image = 'THIS_IS_REQUIRED';
        refuseForm(problems);
        const product = await storeUploads(files, async (up) => {
          const image = (await up.image(uploads.image![0]!)).url;
          const req_ = {
            name: textOf(req, 'name')!,
            param: textOf(req, 'param')!,
            price: poishaOf(req, 'price')!,
            oldPrice: poishaOf(req, 'oldPrice')!,
            value: poishaOf(req, 'value')!,
            validity: textOf(req, 'validity')!,
            description: textOf(req, 'description')!,
            image,
          };
          return (await store.createProduct(req_, callerOf(res))).product!;
        });
        res.status(201).json({ success: true, message: M.productAdded, data: toProduct(product) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/store/product/edit/{id}',
      summary: "Edit a gift card (multipart, every field optional): 'Product updated successfully!'",
      auth: admin,
      params: productId,
      body: { schema: productEditForm, mediaType: 'multipart/form-data', documented: productEditForm, encoding: IMAGE_ENCODING },
      before: [imageForm()],
      responses: {
        200: answer(done(ProductSchema)),
        400: fail('A bad amount or param, an image that is not one, or a form that cannot be read'),
        404: fail('Gift card not found (GIFT_CARD_NOT_FOUND)'),
        409: fail('The param is already used'),
        ...tooLarge,
      },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const problems: Record<string, RefusalKey> = {};
        for (const f of ['price', 'oldPrice', 'value']) if (Number.isNaN(poishaOf(req, f))) problems[f] = 'AMOUNT_NOT_WHOLE_POISHA';
        refuseForm(problems);
        const before = (await store.getProduct({ id: param('id') })).product!;
        const product = await storeUploads(files, async (up) => {
          const image = uploads.image?.[0] ? (await up.image(uploads.image[0])).url : undefined;
          return (
            await store.updateProduct(
              {
                id: param('id'),
                name: textOf(req, 'name'),
                param: textOf(req, 'param'),
                price: poishaOf(req, 'price'),
                oldPrice: poishaOf(req, 'oldPrice'),
                value: poishaOf(req, 'value'),
                validity: textOf(req, 'validity'),
                description: textOf(req, 'description'),
                image,
              },
              callerOf(res),
            )
          ).product!;
        });
        if (product.image !== before.image) await release(files, [before.image]);
        res.json({ success: true, message: M.productUpdated, data: toProduct(product) });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/store/product/delete/{id}',
      summary: "Delete a gift card (its orders and cards stay): 'Product deleted successfully!'",
      auth: admin,
      params: productId,
      responses: { 200: answer(z.object({ success: z.literal(true), message: z.string() })), 404: fail('Gift card not found (GIFT_CARD_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        await store.deleteProduct({ id: param('id') }, callerOf(res));
        res.json({ success: true, message: M.productDeleted });
      },
    }),

    // ---- orders ----
    defineRoute({
      method: 'get',
      path: '/store/order/',
      summary: 'Every store order, newest first (back office)',
      auth: admin,
      responses: { 200: answer(listOf(StoreOrderSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await store.listOrders({}, callerOf(res))).orders.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/{id}',
      summary: "One store order: the buyer's own (or any, for an admin); the success page waits for isPaid",
      auth: { label: 'the buyer or an admin', check: requireAuth(tokens) },
      params: orderId,
      responses: { 200: answer(envelope(StoreOrderSchema)), 403: fail('Another user’s order'), 404: fail('Order not found (ORDER_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        res.json(ok(toOrder((await store.getOrder({ id: param('id') }, callerOf(res))).order!)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/mine/{userId}',
      summary: "The caller's own paid store orders (gift cards), newest first, for their purchase history",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(listOf(StoreOrderSchema)), 403: fail('Another user’s orders (WALLET_NOT_YOURS)') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        res.json(ok((await store.listOrders({ mine: true }, caller)).orders.map(toOrder)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/order/receipt/{id}',
      summary: 'A paid store order’s receipt (PDF, en or bn): the gift cards, the amount paid by card and its transaction id; the buyer or an admin',
      auth: { label: 'the buyer or an admin', check: requireAuth(tokens, UserRoles.student, UserRoles.admin) },
      params: orderId,
      query: { lang: { schema: z.enum(['en', 'bn']), description: 'The language (default en)' } },
      responses: {
        200: { description: 'The receipt', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } },
        400: fail('An invalid language'),
        403: fail('Another user’s order (ORDER_NOT_YOURS)'),
        404: fail('Order not found (ORDER_NOT_FOUND)'),
        409: fail('The order is not paid (RECEIPT_ORDER_UNPAID)'),
      },
      handler: async ({ req, res, param }) => {
        const language = req.query.lang === 'bn' ? 'bn' : 'en';
        const { pdf } = await store.getReceipt({ orderId: param('id'), language }, callerOf(res));
        res.status(200).setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename="taal-receipt-${param('id').slice(0, 8)}-${language}.pdf"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'private, no-store');
        res.send(Buffer.from(pdf));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/order/',
      summary: 'Order gift cards for myself or someone else (§5); the total is computed on the server as price × quantity',
      auth: student,
      body: { schema: orderBody },
      responses: {
        201: answer(envelope(StoreOrderSchema), 'The order, unpaid; pay it with store/payment/ssl/'),
        400: fail(
          `§5's messages per field ('This is required', 'Too Short!', 'Enter a valid email address'; on the sender, receiver and message '${GiftCardTextMessages.invalid}' or '${GiftCardTextMessages.tooLong}'), or a totalPrice that is not price × quantity (AMOUNT_MISMATCH)`,
        ),
        403: fail(`userId is not the caller, or ${GUARDIAN_PENDING_TEXT}`),
        404: fail('Gift card not found (GIFT_CARD_NOT_FOUND)'),
      },
      handler: async ({ res, body }) => {
        const caller = callerOf(res);
        if (body.userId !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        // Every gift-card purchase starts here (decision 0047).
        const user = await refuseUnapprovedBuyer(identity, caller);
        const { order } = await store.createOrder(
          {
            productId: body.product,
            quantity: body.quantity,
            expectedTotal: body.totalPrice,
            forMyself: body.forMyself,
            userName: user?.name ?? body.userName ?? '',
            userEmail: user?.email ?? body.userEmail ?? '',
            userPhone: body.userPhone ?? '',
            giftCardFrom: body.giftCardFrom ?? '',
            giftCardMessage: body.giftCardMessage ?? '',
            shippingAddress: { name: body.shippingAddressName ?? '', email: body.shippingAddressEmail ?? '', phone: body.shippingAddressPhone ?? '' },
            language: body.language ?? 'en',
          },
          caller,
        );
        res.status(201).json(ok(toOrder(order!)));
      },
    }),
    ...storePaymentRoutes(store, student, deps.logger),

    // ---- issued cards ----
    defineRoute({
      method: 'get',
      path: '/store/gift-card/',
      summary: 'Issued gift cards, newest first (back office; no secret codes)',
      auth: admin,
      responses: { 200: answer(listOf(GiftCardSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await store.listGiftCards({}, callerOf(res))).giftCards.map(toGiftCard)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/gift-card/{id}',
      summary: 'One issued gift card: sender, order, receiver, validity, value, price, used (never its code)',
      auth: admin,
      params: cardId,
      responses: { 200: answer(envelope(GiftCardSchema)), 404: fail('Gift card not found') },
      handler: async ({ res, param }) => {
        res.json(ok(toGiftCard((await store.getGiftCard({ id: param('id') }, callerOf(res))).giftCard!)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/store/gift-card/redeem/{code}/{userId}',
      summary: "Redeem a gift card into the caller's own wallet, once; wrong codes are limited per user and per address",
      auth: student,
      params: {
        code: { schema: z.string().min(1).max(64), invalid: () => refusal('GIFT_CARD_UNKNOWN'), description: 'The secret code (case, spaces and dashes do not matter)' },
        ...userIdParam,
      },
      responses: {
        200: answer(redeemAnswer, "Credited; the client shows 'Congratulations! {message} You have received BDT {amount} from gift card.'"),
        400: fail("'Please enter gift card secret code!', 'This gift card has already been used.' (GIFT_CARD_USED) or 'This gift card has expired.' (GIFT_CARD_EXPIRED)"),
        403: fail('userId is not the caller'),
        404: fail('Unknown code (GIFT_CARD_UNKNOWN): counts as a wrong guess'),
        409: fail('The wallet refused the card’s credit: its ledger reference holds a different credit (LEDGER_REFERENCE_TAKEN, decision 0036); nothing was credited'),
        429: tooMany('Too many wrong codes from this user or address (Retry-After)'),
      },
      handler: async ({ req, res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const attempt = await guesses.begin(caller.userId, req.ip ?? req.socket.remoteAddress ?? 'unknown');
        try {
          const r = await store.redeemGiftCard({ code: param('code'), userId: caller.userId }, caller);
          await attempt.notAGuess();
          res.json({ success: true, message: M.redeemed, data: { amount: r.amount, balance: r.balance, giftCardMessage: r.message } });
        } catch (err) {
          if (!(isGrpcStatusError(err) && err.code === status.NOT_FOUND)) await attempt.notAGuess();
          throw err;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/store/gift-card/balance/{userId}',
      summary: "The caller's own wallet balance (poisha)",
      auth: student,
      params: userIdParam,
      responses: { 200: answer(envelope(poishaAmount()), 'The balance, a number'), 403: fail('userId is not the caller') },
      handler: async ({ res, param }) => {
        const caller = callerOf(res);
        if (param('userId') !== caller.userId) throw refusal('WALLET_NOT_YOURS');
        const { wallet } = await commerce.getWallet({}, caller);
        res.json(ok(wallet?.balance ?? 0));
      },
    }),
  ];
}
