/**
 * The one upload mechanism of the gateway (decision 0016). Every multipart route uses it:
 *
 *   before: [acceptUploads({ thumbnail: { kind: 'image' }, documents: { kind: 'pdf', maxCount: 5 } })]
 *   handler: const up = await checkUploads(req);            // 400 for content that is not what the field takes
 *            await storeUploads(files, async (store) => {   // whatever was stored is deleted if this throws
 *              const thumb = await store.image(up.thumbnail[0]);   // → { url, thumbnailUrl, key, ... }
 *              ... more writes; a throw here deletes thumb's files again (no orphans) ...
 *            });
 *
 * - Files stream to the OS temp dir (multer disk storage), never whole into memory; each field
 *   has its own size limit (UPLOAD_LIMITS by kind), answered 413 with a message as soon as the
 *   limit is passed (the rest of the body is not written anywhere).
 * - Temp files are removed when the response closes, whatever happened (success, error, a client
 *   that went away); multer removes partly written ones when the request is cut off.
 * - Kinds, checked by content and never by the name or the declared type:
 *   image: JPEG/PNG/GIF/WebP sniffed (kit `sniffImageType`), decoded and drawn again (`reencodeImage`)
 *          to at most 1600 × 1600 plus a 400 × 400 thumbnail; only the pixels are kept.
 *   pdf:   starts with `%PDF-` and ends with `%%EOF` (an executable or anything else renamed .pdf is refused).
 *   video: passed on as a temp file; learning checks it with ffprobe (`store.raw` puts it under uploads/).
 * - Public media keys are `media/images/<uuid>.jpg`, `media/images/<uuid>-thumb.jpg` and
 *   `media/documents/<uuid>.pdf`, served by `GET /api/v1/media/{folder}/{name}` (routes/media).
 *   Private files (receipts) pass `prefix` to keep them out of `media/` and serve them behind their own check.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { NotAnImageError, reencodeImage, sniffImageType, type FileStore, type ReencodedImage } from '@taal/kit';
import type { RefusalKey } from '@taal/contracts';
import { refusal, type Refused } from './errors';

export type UploadKind = 'image' | 'pdf' | 'video';

/** Largest file accepted per kind (413 above it), unless a field states its own. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 5 * 1024 * 1024,
  pdf: 20 * 1024 * 1024,
  video: 2 * 1024 ** 3,
};
/** Bounds of a stored image and of its thumbnail. */
export const IMAGE_BOUNDS = { maxWidth: 1600, maxHeight: 1600, maxOutputBytes: 1536 * 1024 };
export const THUMBNAIL_BOUNDS = { maxWidth: 400, maxHeight: 400, maxOutputBytes: 256 * 1024 };

export interface UploadField {
  kind: UploadKind;
  /** Default UPLOAD_LIMITS[kind]. */
  maxBytes?: number;
  /** Default 1. */
  maxCount?: number;
}
export type UploadFields = Record<string, UploadField>;

export interface UploadForm {
  /** Text fields: how many, and the largest (defaults 60 and 64 KB). */
  maxFields?: number;
  maxFieldBytes?: number;
  /** Where the temp files go (default the OS temp dir). */
  tempDir?: string;
  /** The 413 of a file over its limit, when a form states it in its own words (default fileTooLarge). */
  tooLarge?: (field: string) => Refused;
}

const FIELDS = Symbol('taal.uploadFields');
type WithFields = Request & { [FIELDS]?: UploadFields };

const mb = (bytes: number) => `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
const TOO_LARGE: Record<UploadKind, RefusalKey> = { image: 'IMAGE_TOO_LARGE', pdf: 'PDF_TOO_LARGE', video: 'VIDEO_TOO_LARGE' };
/** The 413 of a file over its field's limit. */
export const fileTooLarge = (field: string, f: UploadField): Refused =>
  refusal(TOO_LARGE[f.kind], { params: { field, max: mb(f.maxBytes ?? UPLOAD_LIMITS[f.kind]) }, fields: { [field]: TOO_LARGE[f.kind] } });

class FieldTooLarge extends Error {
  constructor(readonly field: string) {
    super('field too large');
  }
}

/** multer's disk storage, with each field's own byte limit counted while the file streams in. */
function limitedDiskStorage(fields: UploadFields, tempDir: string): multer.StorageEngine {
  const disk = multer.diskStorage({ destination: tempDir, filename: (_req, _file, cb) => cb(null, `taal-upload-${randomUUID()}`) });
  return {
    _handleFile(req, file, cb) {
      const limit = fields[file.fieldname]?.maxBytes ?? UPLOAD_LIMITS[fields[file.fieldname]?.kind ?? 'image'];
      let seen = 0;
      file.stream.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limit && !file.stream.destroyed) file.stream.destroy(new FieldTooLarge(file.fieldname));
      });
      disk._handleFile(req, file, cb);
    },
    _removeFile(req, file, cb) {
      disk._removeFile(req, file, cb);
    },
  };
}

/** The temp files of a request, all fields. */
function tempFiles(req: Request): Express.Multer.File[] {
  const files = req.files;
  if (!files) return req.file ? [req.file] : [];
  return Array.isArray(files) ? files : Object.values(files).flat();
}

/**
 * Reads a multipart body whose file fields are `fields` (any other file field is a 400); text
 * fields land in req.body. Errors are the one error shape: 413 for a file over its limit, 400
 * for a form that cannot be read. The temp files are removed when the response closes.
 */
export function acceptUploads(fields: UploadFields, form: UploadForm = {}): RequestHandler {
  const largest = Math.max(...Object.values(fields).map((f) => f.maxBytes ?? UPLOAD_LIMITS[f.kind]));
  const count = Object.values(fields).reduce((n, f) => n + (f.maxCount ?? 1), 0);
  const upload = multer({
    storage: limitedDiskStorage(fields, form.tempDir ?? os.tmpdir()),
    limits: {
      fileSize: largest,
      files: count,
      fields: form.maxFields ?? 60,
      fieldSize: form.maxFieldBytes ?? 64 * 1024,
      parts: count + (form.maxFields ?? 60),
    },
  }).fields(Object.entries(fields).map(([name, f]) => ({ name, maxCount: f.maxCount ?? 1 })));
  return (req, res, next) => {
    (req as WithFields)[FIELDS] = fields;
    res.once('close', () => {
      for (const file of tempFiles(req)) if (file.path) void rm(file.path, { force: true }).catch(() => {});
    });
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      const tooLarge = (field: string) => form.tooLarge?.(field) ?? fileTooLarge(field, fields[field]!);
      if (err instanceof FieldTooLarge) return next(tooLarge(err.field));
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(tooLarge(err.field && fields[err.field] ? err.field : Object.keys(fields)[0]!));
      if (err instanceof multer.MulterError) return next(refusal('FORM_UNEXPECTED_PART', { params: { field: err.field ?? err.code } }));
      next(refusal('FORM_UNREADABLE'));
    });
  };
}

/** The temp files sent in one field (none: an empty list). */
export function uploadsOf(req: Request, field: string): Express.Multer.File[] {
  const files = req.files;
  if (!files || Array.isArray(files)) return [];
  return files[field] ?? [];
}

export interface CheckedImage {
  kind: 'image';
  field: string;
  image: ReencodedImage;
  thumbnail: ReencodedImage;
}
export interface CheckedFile {
  kind: 'pdf' | 'video';
  field: string;
  /** The temp file. */
  path: string;
  size: number;
  /** The uploader's file name (for display only; never used as a key). */
  name: string;
  contentType: string;
}
export type CheckedUpload = CheckedImage | CheckedFile;

const notAllowed = (field: string, reason: RefusalKey) => refusal(reason, { params: { field }, fields: { [field]: reason } });

async function readEdges(path: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(1024, size));
    await fh.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    await fh.read(tail, 0, tail.length, Math.max(0, size - tail.length));
    return { head, tail };
  } finally {
    await fh.close();
  }
}

/** Whether the file is a PDF by its content: `%PDF-` first and `%%EOF` in its last KB. */
export async function isPdfFile(path: string, size: number): Promise<boolean> {
  if (size < 16) return false;
  const { head, tail } = await readEdges(path, size);
  return head.subarray(0, 5).toString('latin1') === '%PDF-' && tail.toString('latin1').includes('%%EOF');
}

/** Checks one temp file against its field's kind: 400 with a message when it is not one. */
export async function checkUpload(field: string, spec: UploadField, file: Express.Multer.File): Promise<CheckedUpload> {
  if (spec.kind === 'image') {
    const bytes = await readFile(file.path);
    if (!sniffImageType(bytes)) throw notAllowed(field, 'NOT_AN_IMAGE');
    try {
      const image = await reencodeImage(bytes, { ...IMAGE_BOUNDS, maxInputBytes: spec.maxBytes ?? UPLOAD_LIMITS.image });
      const thumbnail = await reencodeImage(image.data, THUMBNAIL_BOUNDS);
      return { kind: 'image', field, image, thumbnail };
    } catch (err) {
      if (err instanceof NotAnImageError) throw notAllowed(field, 'NOT_AN_IMAGE');
      throw err;
    }
  }
  const checked: CheckedFile = {
    kind: spec.kind,
    field,
    path: file.path,
    size: file.size,
    name: file.originalname,
    contentType: spec.kind === 'pdf' ? 'application/pdf' : file.mimetype || 'application/octet-stream',
  };
  if (spec.kind === 'pdf' && !(await isPdfFile(file.path, file.size))) throw notAllowed(field, 'NOT_A_PDF');
  if (spec.kind === 'video' && file.size === 0) throw notAllowed(field, 'EMPTY_FILE');
  return checked;
}

/** Checks every file of the request (fields as given to acceptUploads), by field name. */
export async function checkUploads(req: Request): Promise<Record<string, CheckedUpload[]>> {
  const fields = (req as WithFields)[FIELDS] ?? {};
  const out: Record<string, CheckedUpload[]> = {};
  for (const [field, spec] of Object.entries(fields)) {
    out[field] = [];
    for (const file of uploadsOf(req, field)) out[field].push(await checkUpload(field, spec, file));
  }
  return out;
}

/** The public URL of a key under media/ (served by routes/media). */
export const mediaUrl = (key: string) => `/api/v1/${key}`;

export interface StoredImage {
  key: string;
  url: string;
  thumbnailKey: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}
export interface StoredFile {
  key: string;
  url: string;
  name: string;
  size: number;
}

/** Puts checked uploads into the files port, remembering each key so a failure can delete them again. */
export class UploadStore {
  private readonly stored: string[] = [];
  constructor(
    private readonly files: FileStore,
    private readonly prefix = 'media',
  ) {}

  get keys(): readonly string[] {
    return this.stored;
  }

  private async put(key: string, body: Buffer | ReturnType<typeof createReadStream>, contentType: string): Promise<void> {
    this.stored.push(key);
    await this.files.put(key, body, contentType);
  }

  async image(upload: CheckedUpload): Promise<StoredImage> {
    if (upload.kind !== 'image') throw new Error(`${upload.field} is not an image`);
    const id = randomUUID();
    const key = `${this.prefix}/images/${id}.${upload.image.extension}`;
    const thumbnailKey = `${this.prefix}/images/${id}-thumb.${upload.thumbnail.extension}`;
    await this.put(key, upload.image.data, upload.image.contentType);
    await this.put(thumbnailKey, upload.thumbnail.data, upload.thumbnail.contentType);
    return { key, url: mediaUrl(key), thumbnailKey, thumbnailUrl: mediaUrl(thumbnailKey), width: upload.image.width, height: upload.image.height };
  }

  /**
   * A checked PDF under `<prefix>/documents/<uuid>.pdf`. `options.prefix` keeps one file out of
   * the store's (public) prefix, e.g. a course file served behind its own check: its `url` is ''.
   */
  async pdf(upload: CheckedUpload, options: { prefix?: string } = {}): Promise<StoredFile> {
    if (upload.kind !== 'pdf') throw new Error(`${upload.field} is not a PDF`);
    const prefix = options.prefix ?? this.prefix;
    const key = `${prefix}/documents/${randomUUID()}.pdf`;
    await this.put(key, createReadStream(upload.path), 'application/pdf');
    return { key, url: options.prefix ? '' : mediaUrl(key), name: upload.name, size: upload.size };
  }

  /** A temp file streamed as it is under `uploads/<uuid>` (a video for learning, which checks and moves it). */
  async raw(upload: CheckedUpload): Promise<StoredFile> {
    if (upload.kind === 'image') throw new Error(`${upload.field} is an image`);
    const key = `uploads/${randomUUID()}`;
    await this.put(key, createReadStream(upload.path), upload.contentType);
    return { key, url: '', name: upload.name, size: upload.size };
  }

  /** Deletes everything this store put (best effort, each key once). */
  async rollback(): Promise<void> {
    const keys = this.stored.splice(0);
    await Promise.all(keys.map((k) => this.files.delete(k).catch(() => {})));
  }
}

/**
 * Runs `work` with an UploadStore; if it throws, everything the store put is deleted before the
 * error goes on. `work` should end with the write that makes the files reachable (the record).
 */
export async function storeUploads<T>(files: FileStore, work: (store: UploadStore) => Promise<T>, prefix = 'media'): Promise<T> {
  const store = new UploadStore(files, prefix);
  try {
    return await work(store);
  } catch (err) {
    await store.rollback();
    throw err;
  }
}
