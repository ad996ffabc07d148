// The self-hosted Bengali font (fonts.css) is loaded before Bengali text is first laid out: text
// shaped while the font was still loading can keep the fallback's empty boxes in Chromium even
// after the font arrives (seen on a machine without Bengali fonts), and waiting avoids a flash.

const WEIGHTS = ['400', '700'];

/** Resolves once both weights are loaded, or after `timeoutMs` (the text then swaps in as usual). */
export function loadBengaliFont(timeoutMs = 3000): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const loaded = Promise.all(WEIGHTS.map((w) => document.fonts.load(`${w} 16px "Noto Sans Bengali"`, 'বাংলা'))).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loaded, new Promise<void>((resolve) => window.setTimeout(resolve, timeoutMs))]);
}

/** Fonts a language needs before its text is shown. */
export const fontsFor = (lng: string | undefined): Promise<void> => (lng?.startsWith('bn') ? loadBengaliFont() : Promise.resolve());
