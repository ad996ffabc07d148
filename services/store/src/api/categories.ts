/** The gift-card categories: the public list, the admin's create (a data-URL image), edit and delete. */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type RefusalKey } from '@taal/contracts';
import { answer, done, fail, listOf, callerOf, refusal, ok, defineRoute, type RouteSpec, checkUpload, checkUploads, storeUploads, UPLOAD_LIMITS } from '@taal/edge';
import { CategorySchema, toCategory, forCaller, type StoreRouteDeps, M, binary, IMAGE_ENCODING, mb, imageForm, tooLarge, textOf, categoryId, refuseForm, release, text, guards } from './shape';

/** `data:image/png;base64,....` → bytes; null when it is not a base64 data URL. */
export function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return null;
  return Buffer.from(match[3]!.replace(/\s/g, ''), 'base64');
}

const categoryEditForm = z
  .object({ name: text(200), description: text(5000), image: binary(`An image, at most ${mb(UPLOAD_LIMITS.image)}`) })
  .partial();


export function categoryRoutes(deps: StoreRouteDeps): RouteSpec[] {
  const { catalog, tokens, files } = deps;
  const { admin } = guards(tokens);

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
        res.json(ok((await catalog.listCategories()).map(toCategory)));
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
          return catalog.createCategory(forCaller(callerOf(res)), { name: body.name, description: body.description, image });
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
        const before = (await catalog.listCategories()).find((c) => c.id === param('id'));
        if (!before) throw refusal('CATEGORY_NOT_FOUND');
        const category = await storeUploads(files, async (up) => {
          const image = uploads.image?.[0] ? (await up.image(uploads.image[0])).url : undefined;
          return catalog.updateCategory(forCaller(callerOf(res)), { id: param('id'), name: textOf(req, 'name'), description: textOf(req, 'description'), image });
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
        const before = (await catalog.listCategories()).find((c) => c.id === param('id'));
        await catalog.deleteCategory(forCaller(callerOf(res)), { id: param('id') });
        if (before) await release(files, [before.image]);
        res.json({ success: true, message: M.categoryDeleted });
      },
    }),

  ];
}
