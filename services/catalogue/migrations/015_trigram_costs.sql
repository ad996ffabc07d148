-- The planner takes pg_trgm's similarity for as cheap as an addition (cost 1), so it read all of
-- search_word (9,930 words at a tenth of full size) and compared each with every misspelt word
-- rather than ask the word's trigram index: 63 ms a typo-forgiving search in the all-in-one's
-- PostgreSQL, 18 ms with the index (decision 0090). Said what they cost, it asks the index. A database
-- whose pg_trgm belongs to another role keeps the default (a notice, not a failed start).
DO $$
BEGIN
  ALTER FUNCTION catalogue.similarity(text, text) COST 100;
  ALTER FUNCTION catalogue.similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm''s functions belong to another role: their costs stay as they were';
END
$$;
