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
import { z } from 'zod';
import { FREEBIE_CATEGORIES, FreebieLimits as L, FreebieMessages as M, freebiesV1, refusalText, type FieldRefusals } from '@taal/contracts';
import { answer, done, fail, idParam, listOf, envelope, refusal, defineRoute, type RouteSpec, acceptUploads, checkUploads, mediaUrl, storeUploads, UPLOAD_LIMITS, type CheckedUpload, type UploadStore } from '@taal/edge';
import { userOf } from './shape';
import { FreebieSchema, toApiFreebie, type FreebieRouteDeps, binary, IMAGE_TYPES, mb, textOf, settleUncertain, release, tooLarge, formRefused, freebieGuards, cachedReadOf } from './freebies-shape';

const FREEBIE_FILES = {
  thumbnail: { kind: 'image' as const },
  documents: { kind: 'pdf' as const, maxCount: L.documents },
  carouselList: { kind: 'image' as const, maxCount: L.carouselImages },
};
/** Text fields are small but for the description (HTML). */
const freebieForm = () => acceptUploads(FREEBIE_FILES, { maxFields: 20, maxFieldBytes: 256 * 1024 });

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

export function freebieRoutes(deps: FreebieRouteDeps): RouteSpec[] {
  const { freebies, tokens, cache, files } = deps;
  const { staff } = freebieGuards(tokens);
  const read = cachedReadOf(cache);

  return [
    defineRoute({
      method: 'get',
      path: '/freebies/',
      summary: 'Freebies, newest first',
      fairUse: 'reads',
      responses: { 200: answer(listOf(FreebieSchema)) },
      handler: read(() => 'freebies:list', async () => (await freebies.list()).map(toApiFreebie)),
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
        async (req) => toApiFreebie(await freebies.get(String(req.params.id))),
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
          return freebies
            .create(
              userOf(res),
              freebiesV1.CreateFreebieRequest.fromPartial({
                id,
                title: textOf(req, 'title'),
                subtitle: textOf(req, 'subtitle'),
                category: textOf(req, 'catagory'),
                description: textOf(req, 'description'),
                youtube,
                thumbnail,
                carouselImages,
                documents,
              }),
            )
            .catch((err: unknown) => settleUncertain(err, () => freebies.get(id)));
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
            .update(
              userOf(res),
              freebiesV1.UpdateFreebieRequest.fromPartial({
                id,
                title: textOf(req, 'title'),
                subtitle: textOf(req, 'subtitle'),
                category: textOf(req, 'catagory'),
                description: textOf(req, 'description'),
                youtube: textOf(req, 'removeYoutube') === 'true' ? '' : textOf(req, 'youtube'),
                thumbnail,
                documents: documents ? { items: documents } : undefined,
                carouselImages: carousel ? { items: carousel } : undefined,
              }),
            )
            .catch((err: unknown) =>
              // Stored if the freebie now shows the files just uploaded (then only the files it dropped are unknown: kept).
              settleUncertain(err, async () => {
                const now = await freebies.get(id);
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
        const result = await freebies.delete(userOf(res), param('id'));
        cache.invalidateAll();
        await release(files, result.releasedFiles);
        res.json({ success: true, message: M.deleted, data: toApiFreebie(result.freebie!) });
      },
    }),
  ];
}
