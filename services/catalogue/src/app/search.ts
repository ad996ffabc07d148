import type { catalogueV1 } from '@taal/contracts';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, fuzzyText, marksOf, prefixTsQuery, queryTerms, snippetOf } from '../domain/search-text';
import type { SearchStore } from '../store/search-store';

/** How many popular courses an empty result suggests. */
const SUGGESTIONS = 4;
/** At most this many matching instructors lift their courses. */
const INSTRUCTORS_BOOSTED = 100;

/**
 * Search for anyone (issue 24; decision 0031): ranked published courses, published instructors
 * and freebies, each with the stretches of its title (or name) that matched; courses also with a
 * plain-text snippet of the description. When nothing matches, the most bought courses.
 */
export class Search {
  constructor(private readonly store: SearchStore) {}

  async search(req: catalogueV1.SearchRequest): Promise<catalogueV1.SearchResponse> {
    const terms = queryTerms(req.query);
    const limit = req.limit > 0 ? Math.min(req.limit, SEARCH_LIMIT_MAX) : SEARCH_LIMIT_DEFAULT;
    const empty: catalogueV1.SearchResponse = { courses: [], instructors: [], freebies: [], popular: [] };
    if (terms.length === 0) return { ...empty, popular: await this.store.popular(SUGGESTIONS) };
    const input = { terms, tsQuery: prefixTsQuery(terms), fuzzy: fuzzyText(terms), limit };
    const db = this.store.db;
    // Every matching instructor's courses are found too (by the instructor's name, band or bio).
    const [teachers, freebies] = await Promise.all([this.store.instructors(db, { ...input, limit: INSTRUCTORS_BOOSTED }), this.store.freebies(db, input)]);
    const courses = await this.store.courses(db, input, teachers.map((i) => i.id));
    const instructors = teachers.slice(0, limit);
    // The words a typo was widened to are marked too.
    const marked = [...terms, ...courses.widened];
    const found: catalogueV1.SearchResponse = {
      courses: courses.matches.map(({ course, instructorName, description, score }) => {
        const snippet = snippetOf(description, marked);
        return { course, titleMarks: marksOf(course.title, marked), snippet: snippet.text, snippetMarks: snippet.marks, instructorName, score };
      }),
      instructors: instructors.map((i) => ({ id: i.id, name: i.name, nameMarks: marksOf(i.name, terms), band: i.band, photo: i.photo, score: i.score })),
      freebies: freebies.map((f) => ({ id: f.id, title: f.title, titleMarks: marksOf(f.title, terms), category: f.category, thumbnail: f.thumbnail, score: f.score })),
      popular: [],
    };
    if (found.courses.length + found.instructors.length + found.freebies.length === 0) found.popular = await this.store.popular(SUGGESTIONS);
    return found;
  }
}
