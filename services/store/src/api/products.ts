/** The gift-card products: the public list and one by its slug, the admin's create, edit and delete. */
import { z } from 'zod';
import { type RefusalKey } from '@taal/contracts';
import { answer, done, envelope, fail, listOf, callerOf, refusal, ok, defineRoute, type RouteSpec, checkUploads, storeUploads, UPLOAD_LIMITS } from '@taal/edge';
import { ProductSchema, toProduct, forCaller, type StoreRouteDeps, M, wholePoisha, binary, IMAGE_ENCODING, mb, imageForm, tooLarge, textOf, poishaOf, productId, refuseForm, release, text, guards } from './shape';

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

export function productRoutes(deps: StoreRouteDeps): RouteSpec[] {
  const { catalog, tokens, files } = deps;
  const { admin } = guards(tokens);

  return [
    // ---- products ----
    defineRoute({
      method: 'get',
      path: '/store/product/',
      summary: 'Gift-card products (the store listing)',
      fairUse: 'reads',
      responses: { 200: answer(listOf(ProductSchema)) },
      handler: async ({ res }) => {
        res.json(ok((await catalog.listProducts()).map(toProduct)));
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
        res.json(ok(toProduct(await catalog.getProduct({ id: param('param') }))));
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
          return catalog.createProduct(forCaller(callerOf(res)), req_);
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
        const before = await catalog.getProduct({ id: param('id') });
        const product = await storeUploads(files, async (up) => {
          const image = uploads.image?.[0] ? (await up.image(uploads.image[0])).url : undefined;
          return catalog.updateProduct(forCaller(callerOf(res)), {
            id: param('id'),
            name: textOf(req, 'name'),
            param: textOf(req, 'param'),
            price: poishaOf(req, 'price'),
            oldPrice: poishaOf(req, 'oldPrice'),
            value: poishaOf(req, 'value'),
            validity: textOf(req, 'validity'),
            description: textOf(req, 'description'),
            image,
          });
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
        await catalog.deleteProduct(forCaller(callerOf(res)), { id: param('id') });
        res.json({ success: true, message: M.productDeleted });
      },
    }),

  ];
}
