import sharp from 'sharp';
import { gifHtmlPolyglot, pngImage, POLYGLOT_HTML } from '../../../../tools/testing/images';
import { NotAnImageError, reencodeImage, sniffImageType } from './image';

describe('reencodeImage', () => {
  it('serves a GIF/HTML polyglot as a fresh JPEG without the HTML', async () => {
    const polyglot = await gifHtmlPolyglot();
    expect(sniffImageType(polyglot)).toBe('image/gif');
    expect(polyglot.includes(Buffer.from('<script>'))).toBe(true);
    expect((await sharp(polyglot).metadata()).format).toBe('gif');

    const out = await reencodeImage(polyglot);
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 8, height: 8 });
    expect(out.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(out.data).metadata()).format).toBe('jpeg');
    expect(out.data.includes(Buffer.from('<script'))).toBe(false);
    expect(out.data.includes(Buffer.from(POLYGLOT_HTML.slice(0, 6)))).toBe(false);
  });

  it('fits large images inside the bounds, drops metadata, and can write WebP', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps here' } } })
      .toBuffer();
    const jpeg = await reencodeImage(big);
    expect([jpeg.width, jpeg.height]).toEqual([1000, 500]);
    const meta = await sharp(jpeg.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(jpeg.data.includes(Buffer.from('secret-owner'))).toBe(false);

    const webp = await reencodeImage(await pngImage(20, 10), { format: 'webp', maxWidth: 10, maxHeight: 10 });
    expect(webp).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 10, height: 5 });
    expect((await sharp(webp.data).metadata()).format).toBe('webp');
  });

  it('refuses what is not an accepted image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>');
    const png = await pngImage();
    const tiff = await sharp(png).tiff().toBuffer();
    for (const bad of [
      Buffer.alloc(0),
      Buffer.from('hello'),
      svg,
      tiff,
      png.subarray(0, 20), // magic bytes of a PNG, but truncated
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from(POLYGLOT_HTML)]), // GIF magic, HTML body
    ]) {
      await expect(reencodeImage(bad)).rejects.toBeInstanceOf(NotAnImageError);
    }
    await expect(reencodeImage(png, { maxInputBytes: png.length - 1 })).rejects.toBeInstanceOf(NotAnImageError);
    await expect(reencodeImage(await pngImage(100, 100), { maxInputPixels: 5000 })).rejects.toBeInstanceOf(NotAnImageError);
  });
});
