import type { Request } from 'express';
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { FREEBIE_CATEGORIES, type freebiesV1 } from '@taal/contracts';
import { isGrpcStatusError, isServerAway, type FileStore } from '@taal/kit';
import { dateTime, type ResponseCache, fail, requireAuth, UserRoles, asFormRefusal, cachedRead, type AccessTokenVerifier } from '@taal/edge';
import type { Freebies } from '../app/freebies';

/** A freebie as the API shows it: the spec's field names (catagory spelt so, carouselList). */
export const FreebieSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    catagory: z.string().meta({ description: FREEBIE_CATEGORIES.join(', ') }),
    description: z.string().meta({ description: 'HTML, sanitised by the catalogue against its allow-list (decision 0017)' }),
    thumbnail: z.string().meta({ description: 'Image URL (/api/v1/media/…), or empty' }),
    youtube: z.string().meta({ description: 'A YouTube link, or empty' }),
    documents: z.array(z.object({ path: z.string(), name: z.string() })).meta({ description: 'PDF documents: URL and file name' }),
    carouselList: z.array(z.string()).meta({ description: 'Image URLs of the carousel, in order' }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Freebie' });

export type ApiFreebie = z.output<typeof FreebieSchema>;

export const toApiFreebie = (f: freebiesV1.Freebie): ApiFreebie => ({
  _id: f.id,
  title: f.title,
  subtitle: f.subtitle,
  catagory: f.category,
  description: f.description,
  thumbnail: f.thumbnail,
  youtube: f.youtube,
  documents: f.documents.map((d) => ({ path: d.path, name: d.name })),
  carouselList: f.carouselImages,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

/** The landing popup. */
export const PopupSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    body: z.string().meta({ description: 'Plain text' }),
    thumbnail: z.string().meta({ description: 'Image URL (/api/v1/media/…), or empty' }),
    show: z.boolean(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Popup' });

export const toApiPopup = (p: freebiesV1.Popup): z.output<typeof PopupSchema> => ({
  _id: p.id,
  title: p.title,
  body: p.body,
  thumbnail: p.thumbnail,
  show: p.show,
  updatedAt: p.updatedAt,
});

/** The catalogue's field names → the form's. */
export const FORM_FIELD: Record<string, string> = { category: 'catagory', carouselImages: 'carouselList', files: 'thumbnail' };

// ---- What the freebie and popup routes share ----

export interface FreebieRouteDeps {
  /** The catalogue's own freebie and popup use cases (issue 52). */
  freebies: Freebies;
  tokens: AccessTokenVerifier;
  cache: ResponseCache;
  files: FileStore;
}

export const binary = (description: string) => z.string().meta({ format: 'binary', description });
export const IMAGE_TYPES = { contentType: 'image/jpeg, image/png, image/gif, image/webp' };
export const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;


/** A text field of a multipart body: undefined when absent or blank. */
export function textOf(req: Request, name: string): string | undefined {
  const raw: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The catalogue's refusal with the form's field names, the spec's headline kept. */
export const asFormError = (err: unknown) => asFormRefusal(err, 'FIELDS_NOT_FILLED', FORM_FIELD);

/**
 * The write may have been carried out although no answer came: the database went away around its commit
 * (the route calls the use case in the catalogue's own process, issue 52; over gRPC this was UNAVAILABLE),
 * or a deadline passed or a connection was lost.
 */
const uncertain = (err: unknown) => isServerAway(err) || (isGrpcStatusError(err) && [status.DEADLINE_EXCEEDED, status.UNAVAILABLE, status.CANCELLED].includes(err.code));

/**
 * When a write's answer is lost, asks whether it was stored (`stored`) before the uploaded files
 * are deleted again: they must not go while a stored record points at them.
 */
export async function settleUncertain<T>(err: unknown, stored: () => Promise<T | null>): Promise<T> {
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
export async function release(files: FileStore, urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(keysOfMediaUrl).map((key) => files.delete(key).catch(() => {})));
}
export const tooLarge = { 413: fail('A file is larger than its limit (images 5 MB, PDFs 20 MB)') };
export const formRefused = { 400: fail("'Any of the field is not fillup!!!' (fields names each problem), a file that is not what its field takes, or a form that cannot be read") };

/** Who may write: freebies, the admin and the content role; the popup, the admin only. */
export function freebieGuards(tokens: AccessTokenVerifier) {
  return {
    staff: { label: 'admin and content only', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) },
    admin: { label: 'admin only', check: requireAuth(tokens, UserRoles.admin) },
  };
}

/** A public read answered from the response cache. */
export const cachedReadOf = (cache: ResponseCache) => (key: Parameters<typeof cachedRead>[1], load: Parameters<typeof cachedRead>[2]) => cachedRead(cache, key, load);
