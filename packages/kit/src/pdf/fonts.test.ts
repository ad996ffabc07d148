import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sfntOfWoff } from './woff';

// fontkit (pdfkit's font reader) reads both forms: the unwrapped file must be the same font.
interface Layout {
  glyphs: { id: number }[];
  positions: { xAdvance: number }[];
}
const fontkit = require('fontkit') as { create(bytes: Buffer): { numGlyphs: number; postscriptName: string; layout(text: string): Layout } };
const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');

test.each([
  ['noto-sans-bengali-bengali-700-normal.woff', 'রসিদ পরিশোধকারী ক্ষ'],
  ['noto-sans-bengali-latin-400-normal.woff', 'Receipt BDT 1,234.50'],
])('%s unwrapped from WOFF is the font fontkit reads from the WOFF: same glyphs, same shaping', (file, text) => {
  const woff = readFileSync(path.join(fontDir, file));
  const sfnt = sfntOfWoff(woff);
  expect(sfnt.length).toBeGreaterThan(woff.length);
  const [wrapped, unwrapped] = [fontkit.create(woff), fontkit.create(sfnt)];
  expect(unwrapped.numGlyphs).toBe(wrapped.numGlyphs);
  expect(unwrapped.postscriptName).toBe(wrapped.postscriptName);
  const shape = (font: typeof wrapped) => {
    const run = font.layout(text);
    return run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance]);
  };
  // Bengali conjuncts and vowel signs reorder and combine: shaping reads GSUB and GPOS.
  expect(shape(unwrapped)).toEqual(shape(wrapped));
});

test('a file that is not WOFF 1.0 is refused', () => {
  expect(() => sfntOfWoff(Buffer.from('wOF2 not this one'))).toThrow('not a WOFF 1.0 file');
});
