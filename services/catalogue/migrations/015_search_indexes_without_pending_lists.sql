-- Issue 51 (decision 0091): the search's indexes answer from their own entries, in both engines.
--
-- 1. No pending lists. A GIN index takes new entries into an unsorted "pending list" (fastupdate) that
--    only VACUUM (or 4 MB of it) merges into the index; every search reads the whole list, and the
--    planner prices it so high that it reads the table instead. The embedded database (PGlite) has
--    no autovacuum: the words, courses and instructors written after these indexes were made stayed
--    in their lists for good, and a misspelt search compared all 9,930 known words at a tenth of full
--    size (the trigram index was never chosen, whatever the query's shape). The catalogue's writes are
--    rare (a course saved, a word learnt): each is written into the index itself, and what is pending
--    now is merged.
ALTER INDEX catalogue.search_word_trgm_idx SET (fastupdate = off);
ALTER INDEX catalogue.course_search_doc_idx SET (fastupdate = off);
ALTER INDEX catalogue.course_search_title_idx SET (fastupdate = off);
ALTER INDEX catalogue.course_search_top_idx SET (fastupdate = off);
ALTER INDEX catalogue.instructor_search_doc_idx SET (fastupdate = off);
ALTER INDEX catalogue.instructor_search_head_trgm_idx SET (fastupdate = off);
ALTER INDEX catalogue.freebie_search_doc_idx SET (fastupdate = off);
ALTER INDEX catalogue.freebie_search_head_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY['catalogue.search_word_trgm_idx', 'catalogue.course_search_doc_idx', 'catalogue.course_search_title_idx',
                    'catalogue.course_search_top_idx', 'catalogue.instructor_search_doc_idx', 'catalogue.instructor_search_head_trgm_idx',
                    'catalogue.freebie_search_doc_idx', 'catalogue.freebie_search_head_trgm_idx']) AS i;

-- 2. An instructor's name and band as words of their own. The search ranks the instructors named by
--    the query (name or band: these words, or the name's trigrams by `<%`) and adds at most a page of
--    those whose bio alone matches, read in the instructors' order (migration 011's index) instead of
--    ranking every one: "guitar" is in 8,000 of 20,000 bios at full size.
ALTER TABLE catalogue.instructor
  ADD COLUMN search_name tsvector GENERATED ALWAYS AS (to_tsvector('simple', catalogue.search_norm(name || ' ' || band))) STORED;
CREATE INDEX instructor_search_name_idx ON catalogue.instructor USING gin (search_name) WITH (fastupdate = off);
