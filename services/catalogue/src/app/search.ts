import type { catalogueV1 } from '@taal/contracts';
import type { Logger } from 'pino';
import { refusalKeyOf, refuse, type SqlExecutor } from '@taal/kit';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, fuzzyText, marksOf, namedCategories, prefixTsQuery, queryTerms, snippetOf, transliteratedWords } from '../domain/search-text';
import type { SearchStore } from '../store/search-store';
import { SearchGate } from './search-gate';

/**
 * Search's time budget (decision 0038). Over it the search is refused SEARCH_BUSY (503), never
 * left to hold the database for everyone else.
 */
export interface SearchBudget {
  /** Searches run at once by this process (0: no cap); the embedded database runs one statement at a time anyway. */
  concurrency: number;
  /** The longest a search waits for its turn (0: refused at once when none is free). */
  queueMs: number;
  /** statement_timeout of each search statement (0: none). PostgreSQL only: the embedded database (PGlite) does not honour it. */
  statementTimeoutMs: number;
}

/** No budget: every search runs at once and for as long as it takes (as before decision 0038). */
export const NO_SEARCH_BUDGET: SearchBudget = { concurrency: 0, queueMs: 0, statementTimeoutMs: 0 };

/** PostgreSQL's query_canceled: a statement past its statement_timeout (or cancelled). */
const isCancelled = (err: unknown) => (err as { code?: unknown } | null)?.code === '57014';

/** Searches refused over the budget are logged as one line per this long, with their count (a flood would log a line per search). */
const BUSY_LOG_INTERVAL_MS = 10_000;

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
  private readonly gate: SearchGate;
  private busy = { refused: 0, since: 0 };

  constructor(
    private readonly store: SearchStore,
    private readonly budget: SearchBudget = NO_SEARCH_BUDGET,
    private readonly logger?: Logger,
  ) {
    this.gate = new SearchGate(budget.concurrency, budget.queueMs);
  }

  /** Waits for a turn (SEARCH_BUSY when none comes in time), then searches within the statement timeout. */
  async search(req: catalogueV1.SearchRequest): Promise<catalogueV1.SearchResponse> {
    try {
      return await this.gate.run(async () => {
        const ms = this.budget.statementTimeoutMs;
        try {
          return await this.store.searchTransaction(ms, (db) => this.find(req, db));
        } catch (err) {
          if (isCancelled(err)) throw refuse('SEARCH_BUSY');
          throw err;
        }
      });
    } catch (err) {
      if (refusalKeyOf(err) === 'SEARCH_BUSY') this.noteBusy();
      throw err;
    }
  }

  private noteBusy(): void {
    const now = Date.now();
    this.busy.refused += 1;
    if (now - this.busy.since < BUSY_LOG_INTERVAL_MS) return;
    this.logger?.warn({ refused: this.busy.refused, budget: this.budget }, 'searches refused over the time budget (SEARCH_BUSY) since the last such line');
    this.busy = { refused: 0, since: now };
  }

  private async find(req: catalogueV1.SearchRequest, db: SqlExecutor): Promise<catalogueV1.SearchResponse> {
    const terms = queryTerms(req.query);
    const limit = req.limit > 0 ? Math.min(req.limit, SEARCH_LIMIT_MAX) : SEARCH_LIMIT_DEFAULT;
    const empty: catalogueV1.SearchResponse = { courses: [], instructors: [], freebies: [], popular: [] };
    if (terms.length === 0) return { ...empty, popular: await this.store.popular(db, SUGGESTIONS) };
    const input = { terms, tsQuery: prefixTsQuery(terms), fuzzy: fuzzyText(terms), categories: namedCategories(terms), limit };
    // Every matching instructor's courses are found too (by the instructor's name, band or bio).
    const [teachers, freebies] = await Promise.all([this.store.instructors(db, { ...input, limit: INSTRUCTORS_BOOSTED }), this.store.freebies(db, input)]);
    const courses = await this.store.courses(db, input, teachers.map((i) => i.id));
    const instructors = teachers.slice(0, limit);
    // The words a typo was widened to, and the terms in the other script ("গিটার" ↔ "guitar"), are marked too.
    const spoken = [...terms, ...transliteratedWords(terms)];
    const marked = [...spoken, ...courses.widened];
    const found: catalogueV1.SearchResponse = {
      courses: courses.matches.map(({ course, instructorName, description, score }) => {
        const snippet = snippetOf(description, marked);
        return { course, titleMarks: marksOf(course.title, marked), snippet: snippet.text, snippetMarks: snippet.marks, instructorName, score };
      }),
      instructors: instructors.map((i) => ({ id: i.id, name: i.name, nameMarks: marksOf(i.name, spoken), band: i.band, photo: i.photo, score: i.score })),
      freebies: freebies.map((f) => ({ id: f.id, title: f.title, titleMarks: marksOf(f.title, spoken), category: f.category, thumbnail: f.thumbnail, score: f.score })),
      popular: [],
    };
    if (found.courses.length + found.instructors.length + found.freebies.length === 0) found.popular = await this.store.popular(db, SUGGESTIONS);
    return found;
  }
}
