import { marksOf, namedCategories, normaliseSearchText, prefixTsQuery, queryTerms, snippetOf, transliterations, widenedTsQuery, wordMatches } from './search-text';

const marked = (text: string, terms: string[]) => marksOf(text, terms).map((m) => text.slice(m.start, m.end));

describe('search text', () => {
  it('reads Bengali with or without vowel signs and hasanta alike', () => {
    expect(normaliseSearchText('গিটার')).toBe(normaliseSearchText('গটর'));
    expect(normaliseSearchText('রেকর্ডিং')).toBe(normaliseSearchText('রকরডং'));
    expect(normaliseSearchText('Mastering')).toBe('mastering');
  });

  it('splits a query into distinct words, dropping punctuation and control characters', () => {
    expect(queryTerms(' Guitar, guitar!\u0000<b>chords</b> ')).toEqual(['guitar', 'b', 'chords']);
    expect(queryTerms('!!! ???')).toEqual([]);
    expect(queryTerms('গিটার শিখি')).toEqual(['গটর', 'শখ']);
    expect(prefixTsQuery(queryTerms("o'brien tabla"))).toBe("'o':* & 'brien':* & 'tabla':*");
  });

  it('reads a transliterated word as the word itself, both ways (issue 55): গিটার is guitar', () => {
    expect(transliterations(normaliseSearchText('গিটার'))).toEqual(['guitar']);
    expect(transliterations(normaliseSearchText('গীটার'))).toEqual(['guitar']);
    expect(transliterations('guitar')).toEqual([normaliseSearchText('গিটার')]);
    expect(transliterations('guitars')).toEqual([normaliseSearchText('গিটার')]);
    // য় as one code point or as য and nukta.
    expect(transliterations(normaliseSearchText('\u09AA\u09BF\u09DF\u09BE\u09A8\u09CB'))).toEqual(['piano']);
    expect(transliterations(normaliseSearchText('\u09AA\u09BF\u09AF\u09BC\u09BE\u09A8\u09CB'))).toEqual(['piano']);
    expect(transliterations('tabla')).toEqual([]);
    expect(prefixTsQuery(queryTerms('গিটার'))).toBe("('গটর':* | 'guitar':*)");
    expect(prefixTsQuery(queryTerms('বেজ গিটার'))).toBe("('বজ':* | 'bass':*) & ('গটর':* | 'guitar':*)");
  });

  it('knows which category a whole query names, in either language', () => {
    expect(namedCategories(queryTerms('গিটার'))).toEqual(['Guitar']);
    expect(namedCategories(queryTerms('Guitar'))).toEqual(['Guitar']);
    expect(namedCategories(queryTerms('বেজ গিটার'))).toEqual(['Bass Guitar']);
    expect(namedCategories(queryTerms('piano'))).toEqual(['Piano & Keyboard']);
    expect(namedCategories(queryTerms('guitar chords'))).toEqual([]);
  });

  it('widens a term with the known words similar to it, leaving out words that are not plain', () => {
    const similar = new Map([['mastring', ['mastering', 'warm-ups', "o'neil"]]]);
    expect(widenedTsQuery(['slow', 'mastring'], similar)).toBe("'slow':* & ('mastring':* | 'mastering')");
    expect(widenedTsQuery(['গিটার'].map(normaliseSearchText), new Map())).toBe("('গটর':* | 'guitar':*)");
    expect(widenedTsQuery(['gitar'], new Map())).toBe("'gitar':*");
  });

  it('forgives a typo or two in longer words only', () => {
    expect(wordMatches('mastering', 'mastring')).toBe(true);
    expect(wordMatches('guitar', 'gitar')).toBe(true);
    expect(wordMatches('drums', 'drm')).toBe(false);
    expect(wordMatches('piano', 'pia')).toBe(true);
  });

  it('marks the words of a title that answer the query, as offsets into the text', () => {
    expect(marked('Mixing and Mastering', ['mastring'])).toEqual(['Mastering']);
    expect(marked('শূন্য থেকে গিটার: প্রথম কর্ড', queryTerms('গিটার'))).toEqual(['গিটার']);
    expect(marked('Guitar From Zero', [])).toEqual([]);
  });

  it('cuts a plain-text snippet around the first match, without any HTML', () => {
    const html = `<p>${'Long intro words here. '.repeat(20)}</p><p>Then the <strong>gitar</strong> &amp; more.</p>`;
    const snippet = snippetOf(html, queryTerms('guitar'));
    expect(snippet.text).not.toMatch(/[<>]/);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.marks.map((m) => snippet.text.slice(m.start, m.end))).toEqual(['gitar']);
    expect(snippet.text).toContain('gitar & more.');
  });
});
