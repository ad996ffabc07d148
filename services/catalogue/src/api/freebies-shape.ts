import { type freebiesV1, FREEBIE_CATEGORIES } from '@taal/contracts';
import { z } from 'zod';
import { dateTime } from '@taal/edge';

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
