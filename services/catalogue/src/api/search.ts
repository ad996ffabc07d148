/**
 * Search (issue 24; decision 0031): one public route over published courses, published
 * instructors and freebies, ranked, with the matched stretches of each title as offsets (the
 * screens mark them; no HTML is returned). Not cached: every answer reads the catalogue's current
 * rows, whose search columns are written with them.
 */
import { z } from 'zod';
import { FREEBIE_CATEGORIES, SEARCH_QUERY_MAX, refusalText, type catalogueV1 } from '@taal/contracts';
import { ApiErrorSchema, answer, envelope, fail, refusal, serviceRefusal, defineRoute, type RouteSpec } from '@taal/edge';
import type { Search } from '../app/search';
import { CourseSchema, toApiCourse } from './course-shape';

const queryParam = z
  .string()
  .refine((q) => q.trim() !== '' && [...q].length <= SEARCH_QUERY_MAX)
  .meta({ minLength: 1, maxLength: SEARCH_QUERY_MAX, pattern: '\\S' });

const MarkSchema = z
  .object({ start: z.int().min(0), end: z.int().min(0) })
  .meta({ id: 'TextMark', description: 'A matched stretch of the text: [start, end) in UTF-16 code units' });
const marks = z.array(MarkSchema);

export const SearchResultSchema = z
  .object({
    query: z.string(),
    courses: z.array(
      z.object({
        course: CourseSchema,
        titleMarks: marks,
        snippet: z.string().meta({ description: 'Plain text of the description around the first match (no HTML)' }),
        snippetMarks: marks,
        instructorName: z.string(),
        score: z.number(),
      }),
    ),
    instructors: z.array(
      z.object({ _id: z.string(), name: z.string(), nameMarks: marks, band: z.string(), photo: z.string(), score: z.number() }),
    ),
    freebies: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        titleMarks: marks,
        catagory: z.string().meta({ description: FREEBIE_CATEGORIES.join(', ') }),
        thumbnail: z.string(),
        score: z.number(),
      }),
    ),
    suggestions: z.array(CourseSchema).meta({ description: 'When nothing matched: the most bought courses' }),
  })
  .meta({ id: 'SearchResult' });

const toApiResult = (query: string, r: catalogueV1.SearchResponse): z.output<typeof SearchResultSchema> => ({
  query,
  courses: r.courses.map((h) => ({
    course: toApiCourse(h.course!) as z.output<typeof CourseSchema>,
    titleMarks: h.titleMarks,
    snippet: h.snippet,
    snippetMarks: h.snippetMarks,
    instructorName: h.instructorName,
    score: h.score,
  })),
  instructors: r.instructors.map((i) => ({ _id: i.id, name: i.name, nameMarks: i.nameMarks, band: i.band, photo: i.photo, score: i.score })),
  freebies: r.freebies.map((f) => ({ _id: f.id, title: f.title, titleMarks: f.titleMarks, catagory: f.category, thumbnail: f.thumbnail, score: f.score })),
  suggestions: r.popular.map((c) => toApiCourse(c) as z.output<typeof CourseSchema>),
});

export function searchRoutes(search: Search): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/search',
      summary: 'Search published courses, instructors and freebies by title, description, instructor name and category (English and Bengali; typos forgiven)',
      query: {
        q: {
          schema: queryParam,
          required: true,
          description: `What to look for: 1 to ${SEARCH_QUERY_MAX} characters, not only spaces`,
          invalid: () => refusal('SEARCH_QUERY_INVALID'),
        },
      },
      // Per client address (decision 0038): 429 TOO_MANY_SEARCHES past the limit.
      fairUse: 'search',
      responses: {
        200: answer(envelope(SearchResultSchema)),
        400: fail(refusalText('SEARCH_QUERY_INVALID')),
        503: {
          description: 'Search is over its time budget (SEARCH_BUSY: no turn free in time, or a statement past its timeout), or a service behind the gateway is down',
          schema: ApiErrorSchema,
          headers: { 'Retry-After': { description: 'Seconds after which search likely has a turn free (SEARCH_BUSY)', schema: z.int().min(0) } },
        },
      },
      handler: async ({ req, res }) => {
        const q = String(req.query.q);
        const result = await search.search({ query: q, limit: 0 }).catch((err: unknown) => {
          // Search's time budget (decision 0038): a moment later a turn is likely free.
          if (serviceRefusal(err as object)?.reason === 'SEARCH_BUSY') throw refusal('SEARCH_BUSY', { headers: { 'Retry-After': '1' } });
          throw err;
        });
        res.json({ success: true, data: toApiResult(q, result) });
      },
    }),
  ];
}
