/**
 * The one upload path for images (user photos today; course thumbnails, gift cards later):
 * the bytes are decoded and drawn again with sharp, never stored or served as uploaded.
 * Only the pixels survive: a file that is also HTML, script or a ZIP (a polyglot), EXIF
 * (GPS position), ICC/XMP metadata and comments are all dropped, and the output is one
 * freshly encoded JPEG or WebP of bounded dimensions and size.
 */
import sharp from 'sharp';

export type ImageOutputFormat = 'jpeg' | 'webp';

export interface ImageRules {
  /** Largest upload accepted, in bytes (default 5 MB). */
  maxInputBytes?: number;
  /** Largest decoded image accepted, in pixels (default 40 megapixels; a decompression-bomb guard). */
  maxInputPixels?: number;
  /** The output fits inside maxWidth × maxHeight (never enlarged; default 1000 × 1000). */
  maxWidth?: number;
  maxHeight?: number;
  /** Output format (default JPEG, which every browser and mail client shows). */
  format?: ImageOutputFormat;
  /** Encoder quality 1–100 (default 80). Lowered step by step while the output is over maxOutputBytes. */
  quality?: number;
  /** Largest output, in bytes (default 1 MB). */
  maxOutputBytes?: number;
  /** Background for transparent pixels when the format has no alpha (default white). */
  background?: string;
}

export interface ReencodedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  /** File extension without the dot: 'jpg' or 'webp'. */
  extension: 'jpg' | 'webp';
  width: number;
  height: number;
}

/** Thrown when the bytes are not an image of an accepted format, or are too large. */
export class NotAnImageError extends Error {
  constructor(reason: string) {
    super(`not an acceptable image: ${reason}`);
    this.name = 'NotAnImageError';
  }
}

/** The raster formats browsers show, recognised by their first bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(0, 6))) return 'image/gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** sharp's names of the formats sniffImageType accepts (SVG, TIFF, HEIF, PDF… are refused). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

export const DEFAULT_IMAGE_RULES: Required<ImageRules> = {
  maxInputBytes: 5 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  maxWidth: 1000,
  maxHeight: 1000,
  format: 'jpeg',
  quality: 80,
  maxOutputBytes: 1024 * 1024,
  background: '#ffffff',
};

/**
 * Decodes `bytes` (JPEG, PNG, GIF or WebP; the first frame of an animation), applies the
 * EXIF orientation, fits it inside the bounds and encodes it again without any metadata.
 * Throws NotAnImageError for anything else (wrong magic bytes, a format sharp reads but we
 * do not accept, a truncated or corrupt image, too many bytes or pixels).
 */
export async function reencodeImage(bytes: Uint8Array, rules: ImageRules = {}): Promise<ReencodedImage> {
  const r = { ...DEFAULT_IMAGE_RULES, ...rules };
  if (bytes.length === 0) throw new NotAnImageError('empty');
  if (bytes.length > r.maxInputBytes) throw new NotAnImageError(`over ${r.maxInputBytes} bytes`);
  if (!sniffImageType(bytes)) throw new NotAnImageError('unknown format');
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: r.maxInputPixels, animated: false, pages: 1 });

  let format: string | undefined;
  try {
    format = (await open().metadata()).format;
  } catch (err) {
    throw new NotAnImageError((err as Error).message);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError(`format ${format ?? 'unknown'}`);

  for (let quality = r.quality; ; quality = Math.max(1, Math.floor(quality * 0.7))) {
    let out: { data: Buffer; info: sharp.OutputInfo };
    try {
      // rotate() applies and drops the EXIF orientation; sharp writes no metadata unless asked.
      let pipeline = open()
        .rotate()
        .resize({ width: r.maxWidth, height: r.maxHeight, fit: 'inside', withoutEnlargement: true });
      pipeline =
        r.format === 'jpeg'
          ? pipeline.flatten({ background: r.background }).jpeg({ quality, mozjpeg: true })
          : pipeline.webp({ quality });
      out = await pipeline.toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw new NotAnImageError((err as Error).message);
    }
    if (out.data.length <= r.maxOutputBytes || quality <= 10) {
      if (out.data.length > r.maxOutputBytes) throw new NotAnImageError('cannot be made small enough');
      return {
        data: out.data,
        contentType: r.format === 'jpeg' ? 'image/jpeg' : 'image/webp',
        extension: r.format === 'jpeg' ? 'jpg' : 'webp',
        width: out.info.width,
        height: out.info.height,
      };
    }
  }
}
