// The self-hosted Bengali font (fonts.css, and its bold here) is loaded before Bengali text is
// first laid out: text shaped while the font was still loading can keep the fallback's empty
// boxes in Chromium even after the font arrives (seen on a machine without Bengali fonts), and
// waiting avoids a flash.
//
// The bold (700) is declared here rather than in fonts.css, so that a Bengali first visit can
// wait for the regular weight only (issue 28: a slow link; 39 KB instead of 82 KB before the
// first screen). Until the bold is here, bold Bengali text is drawn from the regular weight
// (synthesised bold: the same letters, never boxes); it is added once loaded, and the browser
// draws that text again with it. Everywhere else it is loaded once some Bengali text has made the
// browser download the regular (boldAfterRegular), so a page without Bengali downloads neither.
import boldUrl from './fonts/noto-sans-bengali-bengali-700-normal.woff2';

const FAMILY = 'Noto Sans Bengali';
/** The same characters as fonts.css's unicode-range (tools/fonts/subset-bengali.py). */
const UNICODE_RANGE = 'U+0964-0965, U+0980-09FF, U+200C-200D, U+25CC';

let bold: FontFace | null = null;
let boldAdded: Promise<void> | null = null;
/** Called once the bold has been added: adding a face already loaded fires no 'loadingdone'. */
const whenBoldAdded: (() => void)[] = [];

const boldFace = (): FontFace | null => {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return null;
  bold ??= new FontFace(FAMILY, `url(${boldUrl}) format('woff2')`, { weight: '700', style: 'normal', display: 'swap', unicodeRange: UNICODE_RANGE });
  return bold;
};

/**
 * On a page in another language: the bold follows the regular. Bengali text there (a search for
 * "গিটার", a Bengali course title) makes the browser download fonts.css's regular, and bold
 * Bengali is drawn from it (synthesised) until the bold is loaded and added. Declaring the bold
 * unloaded instead let Chromium shape bold Bengali while it downloaded, and it kept the empty boxes
 * after it arrived (issue 40, the search heading on an English page).
 */
export function boldAfterRegular(): void {
  if (typeof document === 'undefined' || !document.fonts) return;
  const regularLoaded = () => [...document.fonts].some((f) => f.family.replace(/"/g, '') === FAMILY && f.weight === '400' && f.status === 'loaded');
  if (regularLoaded()) {
    void loadBengaliBold();
    return;
  }
  const onLoaded = (e: FontFaceSetLoadEvent) => {
    if (!e.fontfaces.some((f) => f.family.replace(/"/g, '') === FAMILY)) return;
    document.fonts.removeEventListener('loadingdone', onLoaded);
    void loadBengaliBold();
  };
  document.fonts.addEventListener('loadingdone', onLoaded);
}

/** Downloads the bold, then adds it: bold text until then uses the regular weight, never a fallback. */
export function loadBengaliBold(): Promise<void> {
  const face = boldFace();
  if (!face) return Promise.resolve();
  boldAdded ??= face.load().then(
    () => {
      document.fonts.add(face);
      whenBoldAdded.forEach((then) => then());
    },
    () => undefined,
  );
  return boldAdded;
}

const settle = (p: Promise<unknown>, timeoutMs: number): Promise<void> =>
  Promise.race([p.then(() => undefined, () => undefined), new Promise<void>((resolve) => window.setTimeout(resolve, timeoutMs))]);

/** Resolves once both weights are loaded, or after `timeoutMs` (the text then swaps in as usual). */
export function loadBengaliFont(timeoutMs = 3000): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const loaded = loadBengaliBold().then(() => Promise.all(['400', '700'].map((w) => document.fonts.load(`${w} 16px "${FAMILY}"`, 'বাংলা'))));
  return settle(loaded, timeoutMs);
}

/** Fonts a language needs before its text is shown. */
export const fontsFor = (lng: string | undefined): Promise<void> => (lng?.startsWith('bn') ? loadBengaliFont() : Promise.resolve());

/**
 * What the first screen waits for in `lng`: in Bengali the regular weight only (its bold follows,
 * `loadBengaliBold`); in any other language nothing, and the bold follows the regular if some
 * Bengali text needs it (`boldAfterRegular`).
 */
export function firstScreenFontsFor(lng: string | undefined, timeoutMs = 3000): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  if (!lng?.startsWith('bn')) {
    boldAfterRegular();
    return Promise.resolve();
  }
  return settle(document.fonts.load(`400 16px "${FAMILY}"`, 'বাংলা'), timeoutMs);
}

const BENGALI = /[\u0980-\u09FF]/;
// A busy machine can take seconds between a font's arrival and the browser drawing with it (CI's
// search heading kept its boxes after two redraws within 500 ms): a third, later one.
const REDRAW_AFTER_MS = [50, 500, 2000];

/**
 * Text (and a text control) keeps the glyphs it was first drawn with: Bengali in an input before its
 * font was here (an English page opened on a Bengali query, Bengali typed on an English page)
 * stayed as empty boxes after the font loaded, in Chromium on a machine without a Bengali font,
 * and a value drawn just after the load could too. So a moment after fonts finish loading, every
 * input and textarea holding Bengali has its value set again, which draws it anew (the caret kept
 * where it was).
 */
export function redrawBengaliWhenFontsLoad(): void {
  if (typeof document === 'undefined' || !document.fonts) return;
  // A word being composed (an input method) is left alone: setting the value would end it.
  let composing = false;
  document.addEventListener('compositionstart', () => (composing = true), true);
  document.addEventListener('compositionend', () => (composing = false), true);
  const redraw = () => {
    // Text too (issue 40: a bold Bengali heading on an English page, shaped while the font was
    // downloading, kept the fallback's boxes): each text node holding Bengali is set again, which
    // lays it out anew with the fonts there now. Its content does not change. A Bengali page is
    // drawn only once its font is here (bootstrap.tsx), and an editor's text is left alone.
    const texts: Text[] = [];
    if (!document.documentElement.lang.startsWith('bn')) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (BENGALI.test(n.nodeValue ?? '') && !n.parentElement?.closest('[contenteditable="true"]') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
      });
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
    }
    for (const node of texts) {
      const text = node.data;
      node.data = '';
      node.data = text;
    }
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      const value = el.value;
      if (!BENGALI.test(value)) continue;
      const focused = document.activeElement === el;
      if (focused && composing) continue;
      const [start, end] = [el.selectionStart, el.selectionEnd];
      el.value = '';
      el.value = value;
      if (focused && start !== null && end !== null) el.setSelectionRange(start, end);
    }
  };
  // Chromium also keeps, per font description (weight, style, features; not per node), which font
  // drew a character before the web font was here: on a busy machine bold Bengali stayed boxes even
  // in a new node, while setting font-feature-settings on the page (a new description) drew it with
  // the loaded bold at once. So each time fonts arrive, the root gets a value never used before that
  // changes nothing (kerning is on by default): every text is drawn anew with the fonts there now.
  let arrivals = 0;
  const describeAnew = () => {
    arrivals = Math.min(arrivals + 1, 8);
    document.documentElement.style.fontFeatureSettings = Array.from({ length: arrivals }, () => '"kern" 1').join(', ');
  };
  // Drawing at once can still pick the old fallback (seen here): again a moment later. The bold,
  // loaded before it is added, fires no 'loadingdone' of its own, so its addition counts too.
  const redrawSoon = () => {
    describeAnew();
    REDRAW_AFTER_MS.forEach((ms) => window.setTimeout(redraw, ms));
  };
  document.fonts.addEventListener('loadingdone', redrawSoon);
  whenBoldAdded.push(redrawSoon);
}

