/** Test images: real ones made with sharp, and a GIF that is also an HTML page (a polyglot). */
import sharp from 'sharp';

/** A real PNG of the given size (solid colour). */
export function pngImage(width = 4, height = 4): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
}

export const POLYGLOT_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/**
 * A valid GIF whose bytes also carry an HTML page: once in a GIF comment extension right
 * after the header (where a content sniffer reading the first bytes finds it) and once after
 * the GIF trailer. Image decoders show a picture, a browser sniffing it as HTML runs the script.
 */
export async function gifHtmlPolyglot(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } }).gif().toBuffer();
  // Header (6) + logical screen descriptor (7) + global colour table when present.
  const packed = gif[10]!;
  const tableBytes = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const at = 13 + tableBytes;
  const html = Buffer.from(POLYGLOT_HTML, 'latin1');
  if (html.length > 255) throw new Error('one sub-block holds at most 255 bytes');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, html.length]), html, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at), html]);
}
