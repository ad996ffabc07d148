/**
 * Freebies and the landing popup (storefront §2, §7; admin-back-office §2, §5, §7; issue 10;
 * decision 0017). Reads are public and answered from the response cache; the catalogue's
 * freebie and popup events clear it (and a write clears this instance's at once). Freebie writes
 * are for the admin and the content role, the popup for the admin only; the catalogue checks the
 * role again. Files go through the one upload mechanism (http/uploads, decision 0016): images are
 * re-encoded, documents must be PDFs by content, a failed write leaves no file behind, and files
 * a freebie or the popup no longer uses are deleted once the change is stored.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { FREEBIE_CATEGORIES, FreebieLimits as L, FreebieMessages as M, refusalText, type FieldRefusals } from '@taal/contracts';
import { isGrpcStatusError, type FileStore } from '@taal/kit';
import { type ResponseCache, answer, done, fail, idParam, listOf, envelope, callerOf, requireAuth, UserRoles, refusal, asFormRefusal, cachedRead, defineRoute, type RouteSpec, acceptUploads, checkUploads, mediaUrl, storeUploads, UPLOAD_LIMITS, type CheckedUpload, type UploadStore, type AccessTokenVerifier } from '@taal/edge';
import type { FreebiesApi } from './client';
import { FORM_FIELD, FreebieSchema, PopupSchema, toApiFreebie, toApiPopup } from './freebies-shape';

export interface FreebieRouteDeps {
  freebies: FreebiesApi;
  tokens: AccessTokenVerifier;
  cache: ResponseCache;
  files: FileStore;
}

const FREEBIE_FILES = {
  thumbnail: { kind: 'image' as const },
  documents: { kind: 'pdf' as const, maxCount: L.documents },
  carouselList: { kind: 'image' as const, maxCount: L.carouselImages },
};
/** Text fields are small but for the description (HTML). */
const freebieForm = () => acceptUploads(FREEBIE_FILES, { maxFields: 20, maxFieldBytes: 256 * 1024 });
const popupForm = () => acceptUploads({ thumbnail: { kind: 'image' } }, { maxFields: 10, maxFieldBytes: 16 * 1024 });

const binary = (description: string) => z.string().meta({ format: 'binary', description });
const IMAGE_TYPES = { contentType: 'image/jpeg, image/png, image/gif, image/webp' };
const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

const freebieFields = {
  title: z.string().meta({ description: `Required; at most ${L.title} characters` }),
  subtitle: z.string().meta({ description: `Required; at most ${L.subtitle} characters (lists show the first 100)` }),
  catagory: z.enum(FREEBIE_CATEGORIES),
  description: z.string().meta({ description: 'Rich text (HTML); sanitised on the server against an allow-list' }),
  youtube: z.string().meta({ description: 'A YouTube link (youtube.com/watch?v=…, youtu.be/…)' }),
  thumbnail: binary(`An image (JPEG, PNG, GIF, WebP; re-encoded), at most ${mb(UPLOAD_LIMITS.image)}`),
  documents: z.array(binary(`A PDF (checked by content), at most ${mb(UPLOAD_LIMITS.pdf)}`)).max(L.documents),
  carouselList: z.array(binary(`An image, at most ${mb(UPLOAD_LIMITS.image)}`)).max(L.carouselImages),
};
const FREEBIE_ENCODING = { thumbnail: IMAGE_TYPES, carouselList: IMAGE_TYPES, documents: { contentType: 'application/pdf' } };

const addForm = z
  .object(freebieFields)
  .partial({ youtube: true, thumbnail: true, documents: true, carouselList: true })
  .meta({ description: "A YouTube link or carousel images are required; documents are optional. Any problem: 'Any of the field is not fillup!!!'" });
const editForm = z
  .object({
    ...freebieFields,
    removeYoutube: z.enum(['true', 'false']).meta({ description: 'true removes the YouTube link (carousel images must remain)' }),
    removeDocuments: z.enum(['true', 'false']).meta({ description: 'true removes every document (unless new ones are sent)' }),
  })
  .partial()
  .meta({ description: 'Every field optional: a field not sent (or empty) keeps its value; new documents or carousel images replace the old ones' });
const popupForm_ = z.object({
  title: z.string().meta({ description: `Required; at most ${L.popupTitle} characters` }),
  body: z.string().meta({ description: `Required, plain text; at most ${L.popupBody} characters` }),
  show: z.enum(['true', 'false', 'yes', 'no']).meta({ description: 'Whether the landing page shows it' }),
  thumbnail: binary(`An image, at most ${mb(UPLOAD_LIMITS.image)}; optional (keeps the current one)`).optional(),
});

/** A text field of a multipart body: undefined when absent or blank. */
function textOf(req: Request, name: string): string | undefined {
  const raw: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The catalogue's refusal with the form's field names, the spec's headline kept. */
const asFormError = (err: unknown) => asFormRefusal(err, 'FIELDS_NOT_FILLED', FORM_FIELD);

/** The call may have been carried out although no answer came (deadline passed, connection lost). */
const uncertain = (err: unknown) => isGrpcStatusError(err) && [status.DEADLINE_EXCEEDED, status.UNAVAILABLE, status.CANCELLED].includes(err.code);

/**
 * When a write's answer is lost, asks whether it was stored (`stored`) before the uploaded files
 * are deleted again: they must not go while a stored record points at them.
 */
async function settleUncertain<T>(err: unknown, stored: () => Promise<T | null>): Promise<T> {
  if (uncertain(err)) {
    const found = await stored().catch(() => null);
    if (found) return found;
  }
  throw asFormError(err);
}

/** `/api/v1/media/images/<uuid>.jpg` → the files-port keys of that upload (an image's two sizes). */
export function keysOfMediaUrl(url: string): string[] {
  const match = /^\/api\/v1\/(media\/(images|documents)\/([0-9a-f-]{36})(-thumb)?\.(jpg|webp|pdf))$/.exec(url);
  if (!match) return [];
  const [, key, folder, id, , ext] = match;
  return folder === 'images' ? [`media/images/${id}.${ext}`, `media/images/${id}-thumb.${ext}`] : [key!];
}

/** Deletes the files of media URLs no longer referred to (best effort: the record is already stored). */
async function release(files: FileStore, urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(keysOfMediaUrl).map((key) => files.delete(key).catch(() => {})));
}

const storeImages = async (store: UploadStore, uploads: CheckedUpload[] | undefined) => {
  const urls: string[] = [];
  for (const upload of uploads ?? []) urls.push((await store.image(upload)).url);
  return urls;
};
const storeDocuments = async (store: UploadStore, uploads: CheckedUpload[] | undefined) => {
  const documents: { path: string; name: string }[] = [];
  for (const upload of uploads ?? []) {
    const stored = await store.pdf(upload);
    documents.push({ path: stored.url, name: (stored.name || 'document.pdf').slice(0, 255) });
  }
  return documents;
};

const freebieId = { id: { ...idParam.id, invalid: () => refusal('FREEBIE_NOT_FOUND') } };
const popupId = { id: { ...idParam.id, description: 'The popup id (LANDING_POPUP_ID)', invalid: () => refusal('POPUP_NOT_FOUND') } };
const tooLarge = { 413: fail('A file is larger than its limit (images 5 MB, PDFs 20 MB)') };
const formRefused = { 400: fail("'Any of the field is not fillup!!!' (fields names each problem), a file that is not what its field takes, or a form that cannot be read") };

export function freebieRoutes(deps: FreebieRouteDeps): RouteSpec[] {
  const { freebies, tokens, cache, files } = deps;
  const staff = { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) };
  const admin = { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) };
  const read = (key: Parameters<typeof cachedRead>[1], load: Parameters<typeof cachedRead>[2]) => cachedRead(cache, key, load);

  return [
    defineRoute({
      method: 'get',
      path: '/freebies/',
      summary: 'Freebies, newest first',
      fairUse: 'reads',
      responses: { 200: answer(listOf(FreebieSchema)) },
      handler: read(() => 'freebies:list', async () => (await freebies.listFreebies({})).freebies.map(toApiFreebie)),
    }),
    defineRoute({
      method: 'get',
      path: '/freebies/{id}',
      summary: 'One freebie',
      params: freebieId,
      fairUse: 'reads',
      responses: { 200: answer(envelope(FreebieSchema)), 404: fail(refusalText('FREEBIE_NOT_FOUND')) },
      handler: read(
        (req) => `freebies:${String(req.params.id)}`,
        async (req) => toApiFreebie((await freebies.getFreebie({ id: String(req.params.id) })).freebie!),
      ),
    }),
    defineRoute({
      method: 'post',
      path: '/freebies/add/',
      summary: "Add a freebie: 'Post Created Successfully!!!'",
      auth: staff,
      body: { schema: addForm, mediaType: 'multipart/form-data', documented: addForm, encoding: FREEBIE_ENCODING },
      before: [freebieForm()],
      responses: { 201: answer(done(FreebieSchema)), ...formRefused, ...tooLarge },
      handler: async ({ req, res }) => {
        const uploads = await checkUploads(req);
        const youtube = textOf(req, 'youtube') ?? '';
        const problems: Record<string, FieldRefusals[string]> = {};
        for (const name of ['title', 'subtitle', 'catagory', 'description']) if (!textOf(req, name)) problems[name] = 'ENTRY_REQUIRED';
        if (!youtube && !uploads.carouselList?.length) problems.youtube = 'YOUTUBE_OR_IMAGES_REQUIRED';
        // Refused before any file is stored.
        if (Object.keys(problems).length > 0) throw refusal('FIELDS_NOT_FILLED', { fields: problems });
        // The id is chosen here: a create whose answer is lost can be looked up (and is never made twice).
        const id = randomUUID();
        const freebie = await storeUploads(files, async (store) => {
          const thumbnail = uploads.thumbnail?.[0] ? (await store.image(uploads.thumbnail[0])).thumbnailUrl : '';
          const carouselImages = await storeImages(store, uploads.carouselList);
          const documents = await storeDocuments(store, uploads.documents);
          const created = await freebies
            .createFreebie(
              {
                id,
                title: textOf(req, 'title'),
                subtitle: textOf(req, 'subtitle'),
                category: textOf(req, 'catagory'),
                description: textOf(req, 'description'),
                youtube,
                thumbnail,
                carouselImages,
                documents,
              },
              callerOf(res),
            )
            .catch((err: unknown) => settleUncertain(err, async () => ({ freebie: (await freebies.getFreebie({ id })).freebie })));
          return created.freebie!;
        });
        cache.invalidateAll();
        res.status(201).json({ success: true, message: M.created, data: toApiFreebie(freebie) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/freebies/edit/{id}',
      summary: "Edit a freebie, every field optional: 'Freebies updated successfully!'",
      auth: staff,
      params: freebieId,
      body: { schema: editForm, mediaType: 'multipart/form-data', documented: editForm, encoding: FREEBIE_ENCODING },
      before: [freebieForm()],
      responses: { 200: answer(done(FreebieSchema)), ...formRefused, 404: fail(refusalText('FREEBIE_NOT_FOUND')), ...tooLarge },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const id = param('id');
        const result = await storeUploads(files, async (store) => {
          const thumbnail = uploads.thumbnail?.[0] ? (await store.image(uploads.thumbnail[0])).thumbnailUrl : undefined;
          const carousel = uploads.carouselList?.length ? await storeImages(store, uploads.carouselList) : undefined;
          const documents = uploads.documents?.length
            ? await storeDocuments(store, uploads.documents)
            : textOf(req, 'removeDocuments') === 'true'
              ? []
              : undefined;
          return freebies
            .updateFreebie(
              {
                id,
                title: textOf(req, 'title'),
                subtitle: textOf(req, 'subtitle'),
                category: textOf(req, 'catagory'),
                description: textOf(req, 'description'),
                youtube: textOf(req, 'removeYoutube') === 'true' ? '' : textOf(req, 'youtube'),
                thumbnail,
                documents: documents ? { items: documents } : undefined,
                carouselImages: carousel ? { items: carousel } : undefined,
              },
              callerOf(res),
            )
            .catch((err: unknown) =>
              // Stored if the freebie now shows the files just uploaded (then only the files it dropped are unknown: kept).
              settleUncertain(err, async () => {
                const now = (await freebies.getFreebie({ id })).freebie;
                const mine = store.keys.map(mediaUrl);
                const refs = now ? [now.thumbnail, ...now.carouselImages, ...now.documents.map((d) => d.path)] : [];
                return now && mine.length > 0 && refs.some((r) => mine.includes(r)) ? { freebie: now, releasedFiles: [] } : null;
              }),
            );
        });
        cache.invalidateAll();
        await release(files, result.releasedFiles);
        res.json({ success: true, message: M.updated, data: toApiFreebie(result.freebie!) });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/freebies/{id}',
      summary: 'Delete a freebie and its files',
      auth: staff,
      params: freebieId,
      responses: { 200: answer(done(FreebieSchema)), 404: fail(refusalText('FREEBIE_NOT_FOUND')) },
      handler: async ({ res, param }) => {
        const result = await freebies.deleteFreebie({ id: param('id') }, callerOf(res));
        cache.invalidateAll();
        await release(files, result.releasedFiles);
        res.json({ success: true, message: M.deleted, data: toApiFreebie(result.freebie!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/popup/find/{id}',
      summary: 'The landing popup: title, body, thumbnail and whether to show it',
      params: popupId,
      fairUse: 'reads',
      responses: { 200: answer(envelope(PopupSchema)), 404: fail(refusalText('POPUP_NOT_FOUND')) },
      handler: read(
        (req) => `popup:${String(req.params.id)}`,
        async (req) => toApiPopup((await freebies.getPopup({ id: String(req.params.id) })).popup!),
      ),
    }),
    defineRoute({
      method: 'post',
      path: '/popup/{id}',
      summary: "Change the landing popup: 'Popup Created Successfully!!!'",
      auth: admin,
      params: popupId,
      body: { schema: popupForm_, mediaType: 'multipart/form-data', documented: popupForm_, encoding: { thumbnail: IMAGE_TYPES } },
      before: [popupForm()],
      responses: { 200: answer(done(PopupSchema)), ...formRefused, 404: fail(refusalText('POPUP_NOT_FOUND')), ...tooLarge },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const show = textOf(req, 'show')?.trim().toLowerCase();
        const problems: Record<string, FieldRefusals[string]> = {};
        for (const name of ['title', 'body']) if (!textOf(req, name)) problems[name] = 'ENTRY_REQUIRED';
        if (!show || !['true', 'false', 'yes', 'no'].includes(show)) problems.show = 'ENTRY_TRUE_OR_FALSE';
        if (Object.keys(problems).length > 0) throw refusal('FIELDS_NOT_FILLED', { fields: problems });
        const result = await storeUploads(files, async (store) => {
          const thumbnail = uploads.thumbnail?.[0] ? (await store.image(uploads.thumbnail[0])).url : '';
          return freebies
            .updatePopup(
              { id: param('id'), title: textOf(req, 'title'), body: textOf(req, 'body'), thumbnail, show: show === 'true' || show === 'yes' },
              callerOf(res),
            )
            .catch((err: unknown) =>
              settleUncertain(err, async () => {
                const now = (await freebies.getPopup({ id: param('id') })).popup;
                return now && thumbnail && now.thumbnail === thumbnail ? { popup: now, releasedFiles: [] } : null;
              }),
            );
        });
        cache.invalidateAll();
        await release(files, result.releasedFiles);
        res.json({ success: true, message: M.popupSaved, data: toApiPopup(result.popup!) });
      },
    }),
  ];
}
