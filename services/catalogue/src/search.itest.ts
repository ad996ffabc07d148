import { catalogueV1 } from '@taal/contracts';
import { createLogger, createTestAuth, type CallerIdentity } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls } from './testing/use-case-calls';
import { demoCourses, demoInstructors } from './domain/demo-data';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const logger = createLogger('catalogue-search-test');
const auth = createTestAuth(['gateway', 'catalogue']);

const titleOf = (n: number) => demoCourses[n - 1]!.title;
/** The marked stretches of a text, as the screens show them. */
const marked = (text: string, marks: catalogueV1.TextMark[]) => marks.map((m) => text.slice(m.start, m.end));

describe.each(backends)('catalogue search on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  // Search is its route's use case (issue 52): called as the route calls it.
  const useCase = useCaseCalls(() => catalogue.useCases);
  const search = async (query: string) => useCase<catalogueV1.SearchResponse>('search', { query });
  const courseTitles = (r: catalogueV1.SearchResponse) => r.courses.map((h) => h.course!.title);

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
  });

  afterAll(async () => {
    await catalogue?.stop();
    await backend?.close();
  });

  it('forgives a typo in Latin script: "mastring" finds "Mixing and Mastering" and marks the word', async () => {
    const result = await search('mastring');
    expect(courseTitles(result)[0]).toBe('Mixing and Mastering');
    const hit = result.courses[0]!;
    expect(marked(hit.course!.title, hit.titleMarks)).toEqual(['Mastering']);
    expect(result.popular).toEqual([]);
  });

  it('ranks title matches first and never shows an unpublished course: "guitar"', async () => {
    const titles = courseTitles(await search('guitar'));
    const inTitle = demoCourses.filter((c) => c.published && /guitar/i.test(c.title)).map((c) => c.title);
    expect(inTitle.length).toBeGreaterThanOrEqual(3);
    expect(new Set(titles.slice(0, inTitle.length))).toEqual(new Set(inTitle));
    // Bass courses match by their category (Bass Guitar), lower down.
    expect(titles).toEqual(expect.arrayContaining(['Bass Foundations']));
    expect(titles).not.toContain(titleOf(4)); // Acoustic Fingerstyle: an unpublished guitar course
  });

  it('finds Bengali text with or without vowel signs, and the category by its Bengali name', async () => {
    for (const query of ['গিটার', 'গটর', 'গিটর']) {
      const result = await search(query);
      const titles = courseTitles(result);
      // Guitar From Zero has গিটার in its description, the guitar courses by their category's Bengali name.
      expect(titles).toEqual(expect.arrayContaining([titleOf(1), titleOf(2), titleOf(3), 'Mixing and Mastering']));
      expect(titles).not.toContain(titleOf(4));
      expect(result.instructors.map((i) => i.name)).toContain(demoInstructors[0]!.name);
    }
    const hit = (await search('গিটার')).courses.find((h) => h.course!.title === titleOf(1))!;
    expect(hit.snippet).toContain('গিটার');
    expect(marked(hit.snippet, hit.snippetMarks)).toContain('গিটার');
    expect(hit.snippet).not.toMatch(/[<>]/);
  });

  it("finds an instructor by name, with the instructor's courses", async () => {
    const result = await search('tanvir');
    expect(result.instructors.map((i) => i.name)).toEqual(['Tanvir Hossain']);
    expect(marked('Tanvir Hossain', result.instructors[0]!.nameMarks)).toEqual(['Tanvir']);
    const his = demoCourses.filter((c) => c.published && c.instructorId === demoInstructors[2]!.id).map((c) => c.title);
    expect(new Set(courseTitles(result))).toEqual(new Set(his));
    expect(result.courses[0]!.instructorName).toBe('Tanvir Hossain');
  });

  it('finds freebies by their words', async () => {
    const result = await search('warm-ups');
    expect(result.freebies.map((f) => f.title)).toContain('Five warm-ups before every practice');
  });

  it('suggests the most bought courses when nothing matches', async () => {
    const result = await search('zzqxv');
    expect(result.courses.length + result.instructors.length + result.freebies.length).toBe(0);
    expect(result.popular.length).toBeGreaterThan(0);
    expect(result.popular.every((c) => c.published)).toBe(true);
    expect(result.popular.map((c) => c.sold)).toEqual([...result.popular.map((c) => c.sold)].sort((a, b) => b - a));
  });

  it("stays fresh with the catalogue's own writes: a course published is found at once", async () => {
    expect(courseTitles(await search('fingerstyle'))).toEqual([]);
    await useCase('setCoursePublished', { id: demoCourses[3]!.id, published: true }, ADMIN);
    expect(courseTitles(await search('fingerstyle'))).toEqual([titleOf(4)]);
    expect(courseTitles(await search('fngerstyle'))).toEqual([titleOf(4)]);
  });
});
