/**
 * The one PDF helper (pdfkit) for every document Taal prints: certificates, statements. It owns the
 * fonts: Noto Sans Bengali's files (the family the UI self-hosts, decision 0009), its Bengali block
 * and its Latin one, regular and bold. Both blocks share ascender and descender, so Bengali and
 * Latin runs of one line sit on one baseline (Helvetica's smaller ascender set Latin runs higher).
 * Each file holds one block, so text is set run by run (`say`).
 *
 * pdfkit is loaded on first use: a service that prints nothing never loads it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Turns } from '../turns';
import { sfntOfWoff } from './woff';

export type PdfWeight = 'regular' | 'bold';
export type PdfTextOptions = PDFKit.Mixins.TextOptions;

/** Noto Sans Bengali's files, by the font names `say` uses. */
const FONTS = {
  bengali: 'noto-sans-bengali-bengali-400-normal.woff',
  'bengali-bold': 'noto-sans-bengali-bengali-700-normal.woff',
  latin: 'noto-sans-bengali-latin-400-normal.woff',
  'latin-bold': 'noto-sans-bengali-latin-700-normal.woff',
} as const;

const BENGALI = /[\u0980-\u09FF\u0964\u0965]/;

/** Runs of Bengali script (with the spaces inside them) and of everything else. */
export function scriptRuns(text: string): string[] {
  return text.split(/([\u0980-\u09FF\u0964\u0965](?:[\u0980-\u09FF\u0964\u0965 ]*[\u0980-\u09FF\u0964\u0965])?)/).filter((p) => p.length > 0);
}

export interface Pdf {
  doc: PDFKit.PDFDocument;
  /**
   * Writes `text` in the given weight, each script run in its block's file: at `at` when given,
   * else where the text stands. A right-aligned or centred line of several runs is measured and set
   * run after run (pdfkit cannot align a line made of several `continued` runs; such a line does
   * not wrap).
   */
  say(text: string, weight: PdfWeight, at?: { x: number; y: number }, options?: PdfTextOptions): void;
  /** Ends the document: its bytes. */
  end(): Promise<Buffer>;
}

/** The fonts' sfnt bytes, read and unwrapped once per process. */
let fontFiles: Promise<[name: string, sfnt: Buffer][]> | undefined;
function loadFonts() {
  if (!fontFiles) {
    const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
    fontFiles = Promise.all(Object.entries(FONTS).map(async ([name, file]) => [name, sfntOfWoff(await readFile(path.join(fontDir, file)))] as [string, Buffer]));
    // A failed read is tried again by the next document, not remembered.
    fontFiles.catch(() => (fontFiles = undefined));
  }
  return fontFiles;
}

/**
 * pdfkit makes a new fontkit font for every document, which decodes the file's tables again (GSUB,
 * GPOS, glyphs: half of a receipt's CPU). Layout and subsetting are synchronous and keep their state
 * per document (the subset, widths and layout cache are pdfkit's per-document font object's), so
 * one fontkit font per file serves every document: the first document's is kept, and later ones get
 * their per-document font object made around it, as pdfkit makes it (its class is taken from that
 * first object; pdfkit does not export it). Should pdfkit's internals change shape, documents go
 * back to pdfkit's own way.
 */
interface PdfkitFonts {
  _fontFamilies: Record<string, { font?: unknown; layoutCache?: LayoutCache; constructor: unknown }>;
  _fontCount: number;
}
type PerDocumentFont = new (doc: PDFKit.PDFDocument, font: unknown, id: string) => unknown;
/**
 * A word's shaped glyphs and positions, by word, as pdfkit's per-document font caches them. Shaping
 * (OpenType substitutions and positions, Bengali's conjuncts) was most of a receipt's CPU, and a
 * run depends only on the font and the word (pdfkit copies what it adjusts), so every document
 * shares one cache per font. Order ids and names make new words each document: a cache past
 * LAYOUT_CACHE_WORDS words is replaced by a new one when a document ends.
 */
type LayoutCache = Record<string, unknown>;
const LAYOUT_CACHE_WORDS = 1000;
const sharedFonts = new Map<string, { PerDocument: PerDocumentFont; font: unknown; layoutCache: LayoutCache }>();

/** Sets `name` as the document's font, sharing the fontkit font and word layouts of the first document that used it. */
function useFont(doc: PDFKit.PDFDocument, name: string): PDFKit.PDFDocument {
  const own = doc as unknown as PdfkitFonts;
  const shared = sharedFonts.get(name);
  if (shared && own._fontFamilies && !own._fontFamilies[name] && typeof own._fontCount === 'number') {
    const font = new shared.PerDocument(doc, shared.font, `F${++own._fontCount}`) as PdfkitFonts['_fontFamilies'][string];
    if (font.layoutCache) font.layoutCache = shared.layoutCache;
    own._fontFamilies[name] = font;
  }
  doc.font(name);
  const made = own._fontFamilies?.[name];
  if (!shared && made?.font && typeof made.constructor === 'function') {
    sharedFonts.set(name, { PerDocument: made.constructor as PerDocumentFont, font: made.font, layoutCache: made.layoutCache ?? Object.create(null) });
  }
  return doc;
}

/**
 * When a document has ended (synchronously, so no other is mid-layout): replaces a shared word cache
 * that has grown past its bound, and forgets the glyphs the ended document's subset made without
 * characters. fontkit keeps one glyph object per id with the characters of its first use; a
 * composite glyph's components are first made by the subset, with none. A later document that set
 * such a glyph as text wrote it with no characters in its ToUnicode map, which shifted every entry
 * after it: readers drew a dotted circle in ওয়ালেট and বাংলাদেশের, and copied text came out wrong.
 */
interface FontkitFont {
  _glyphs?: Record<string, { codePoints?: unknown[] } | undefined>;
}
function afterDocument() {
  for (const shared of sharedFonts.values()) {
    if (Object.keys(shared.layoutCache).length > LAYOUT_CACHE_WORDS) shared.layoutCache = Object.create(null);
    const glyphs = (shared.font as FontkitFont)._glyphs ?? {};
    for (const id of Object.keys(glyphs)) if (glyphs[id]?.codePoints?.length === 0) delete glyphs[id];
  }
}

/**
 * Documents rendered at once in this process, at most; the others wait their turn in order. Setting
 * a document is CPU work on the event loop: a bound keeps a burst of renderings from holding the
 * memory of many half-built documents and from starving every other request at once (decision 0065).
 */
export const PDF_RENDERS_AT_ONCE = 2;

const renderTurns = new Turns(PDF_RENDERS_AT_ONCE);

/** How many documents are being rendered and how many wait for a turn, in this process. */
export const pdfRenderLoad = () => renderTurns.load;

/**
 * THE way to make a PDF: waits for a rendering turn (PDF_RENDERS_AT_ONCE per process), makes a
 * document with Taal's fonts, lets `draw` set it, and returns its bytes. The turn is given back
 * however `draw` ends.
 */
export async function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (pdf: Omit<Pdf, 'end'>) => void | Promise<void>): Promise<Buffer> {
  const giveBack = await renderTurns.take();
  try {
    const pdf = await createPdf(options);
    await draw(pdf);
    return await pdf.end();
  } finally {
    giveBack();
  }
}

/** A new document with Taal's fonts registered (renderPdf takes a turn for it first). */
async function createPdf(options: PDFKit.PDFDocumentOptions): Promise<Pdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = await loadFonts();
  // No default font: pdfkit would parse Helvetica's metrics for every document, and `say` sets Taal's.
  const doc = new PDFDocument({ font: '', ...options });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, sfnt] of fonts) doc.registerFont(name, sfnt);
  useFont(doc, 'latin');

  const say: Pdf['say'] = (text, weight, at, options = {}) => {
    const runs = scriptRuns(text);
    if (runs.length === 0) runs.push(' ');
    const fontOf = (run: string) => `${BENGALI.test(run) ? 'bengali' : 'latin'}${weight === 'bold' ? '-bold' : ''}`;
    const { align, ...rest } = options;
    if ((align === 'right' || align === 'center') && rest.width && runs.length > 1) {
      const from = at ?? { x: doc.x, y: doc.y };
      const widths = runs.map((run) => useFont(doc, fontOf(run)).widthOfString(run));
      const room = rest.width - widths.reduce((a, b) => a + b, 0);
      let x = from.x + (align === 'right' ? room : room / 2);
      runs.forEach((run, i) => {
        useFont(doc, fontOf(run)).text(run, x, from.y, { lineBreak: false });
        x += widths[i]!;
      });
      doc.x = from.x;
      doc.y = from.y + doc.currentLineHeight(true);
      return;
    }
    runs.forEach((run, i) => {
      useFont(doc, fontOf(run));
      const o = { ...rest, ...(runs.length === 1 && align ? { align } : {}), continued: i < runs.length - 1 };
      if (i === 0 && at) doc.text(run, at.x, at.y, o);
      else doc.text(run, o);
    });
  };
  return {
    doc,
    say,
    end() {
      doc.end();
      afterDocument();
      return bytes;
    },
  };
}
export * from './receipt';
export * from './copies';
