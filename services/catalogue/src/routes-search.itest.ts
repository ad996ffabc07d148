/**
 * Search (issue 24, decision 0031) against the catalogue running alone on its own port (issue 52),
 * no gateway in front: the typed route answers ranked hits with their marks, and refuses a q that
 * is missing, blank or too long with the catalogue's reason key. The edge's part of search (its
 * per-client budget) is tested through the gateway (gateway/src/fair-use.itest.ts).
 */
import { refusalText } from '@taal/contracts';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

type Hit = { course: { _id: string; title: string }; titleMarks: { start: number; end: number }[]; snippet: string };
type Json = { success: boolean; reason?: string; message?: string; data?: { query: string; courses: Hit[]; instructors: { name: string }[]; freebies: { title: string }[]; suggestions: { title: string }[] } };

describe('search on the catalogue running alone', () => {
  let catalogue: ServiceAlone;

  const search = async (query: string) => {
    const res = await fetch(`${catalogue.base}/api/v1/search${query}`);
    return { status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    catalogue = await startServiceAlone('catalogue');
  }, 120_000);

  afterAll(async () => {
    await catalogue?.stop();
  });

  it('answers ranked courses with the matched words marked: "mastring" and "গিটার"', async () => {
    const typo = await search('?q=mastring');
    expect(typo.status).toBe(200);
    const first = typo.body.data!.courses[0]!;
    expect(first.course.title).toBe('Mixing and Mastering');
    expect(first.titleMarks.map((m) => first.course.title.slice(m.start, m.end))).toEqual(['Mastering']);

    const bengali = await search(`?q=${encodeURIComponent('গিটার')}`);
    expect(bengali.status).toBe(200);
    expect(bengali.body.data!.courses.map((h) => h.course.title)).toEqual(expect.arrayContaining(['Guitar From Zero', 'Mixing and Mastering']));
    expect(bengali.body.data!.instructors.map((i) => i.name)).toContain('Arnob Rahman');
    expect(bengali.body.data!.courses.every((h) => !/[<>]/.test(h.snippet))).toBe(true);
  });

  it('ranks by meaning in Bengali as in English (issue 55): "গিটার" lists the guitar courses first, their titles marked, then bass, then the description match', async () => {
    const guitarTitles = ['Guitar From Zero', 'Rhythm Guitar Workshop', 'Lead Guitar Mastery'];
    for (const q of ['গিটার', 'গীটার', 'guitar', 'gitar']) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const hits = res.body.data!.courses;
      const titles = hits.map((h) => h.course.title);
      expect(new Set(titles.slice(0, 3))).toEqual(new Set(guitarTitles));
      // The transliterated word is a title match: "Guitar" is marked in each.
      for (const hit of hits.slice(0, 3)) expect(hit.titleMarks.map((m) => hit.course.title.slice(m.start, m.end))).toEqual(['Guitar']);
      if (q === 'gitar') continue; // the typo widening finds only the words it guessed
      // Bass Guitar by its category, after them; Mixing and Mastering (গিটার in its description) last.
      expect(titles.indexOf('Bass Foundations')).toBeGreaterThan(2);
      expect(titles.indexOf('Slap and Groove Bass')).toBeGreaterThan(2);
      if (titles.includes('Mixing and Mastering')) expect(titles.indexOf('Mixing and Mastering')).toBeGreaterThan(titles.indexOf('Bass Foundations'));
    }
    // The other way round: an English word finds its Bengali spelling too; a category named in Bengali ranks its courses first.
    const drums = (await search(`?q=${encodeURIComponent('ড্রামস')}`)).body.data!.courses.map((h) => h.course.title);
    expect(new Set(drums.slice(0, 2))).toEqual(new Set(['Drums for Beginners', 'Groove and Fills']));
  });

  it('suggests courses when nothing matches', async () => {
    const none = await search('?q=zzqxv');
    expect(none.status).toBe(200);
    expect(none.body.data!.courses).toEqual([]);
    expect(none.body.data!.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses a missing, blank or too long q with the catalogue’s reason, with its texts in English and Bengali', async () => {
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(101)}`, '?q=a&q=b']) {
      const refused = await search(query);
      expect({ query, status: refused.status, reason: refused.body.reason }).toEqual({ query, status: 400, reason: 'SEARCH_QUERY_INVALID' });
    }
    // The answer's text is English; the screens show the key's text in their language.
    const refused = await search('?q=');
    expect(refused.body.message).toBe(refusalText('SEARCH_QUERY_INVALID', 'en'));
    expect(refusalText('SEARCH_QUERY_INVALID', 'bn')).toBe('খুঁজতে ১ থেকে ১০০ অক্ষর লিখুন');
    // 100 characters is the limit, counted as characters (Bengali and emoji alike).
    expect((await search(`?q=${encodeURIComponent('গ'.repeat(100))}`)).status).toBe(200);
    expect((await search(`?q=${encodeURIComponent('🎸'.repeat(100))}`)).status).toBe(200);
  });
});
