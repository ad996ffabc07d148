-- Typo tolerance through a dictionary (decision 0031): comparing the query with every course's
-- head by trigrams cost ~0.4 s on 10,000 courses in the embedded database. Instead the distinct
-- words of the heads (course title, subtitle and category; instructor name and band; freebie
-- title, subtitle and category), normalised as search_norm does, are kept here; a query word that
-- finds too little is widened with the known words similar to it (pg_trgm similarity), and the
-- widened words are looked up in the tsvector index like any other.
CREATE TABLE catalogue.search_word (
  word text PRIMARY KEY
);
CREATE INDEX search_word_trgm_idx ON catalogue.search_word USING gin (word catalogue.gin_trgm_ops);

-- Kept fresh by the writes themselves: each insert or change of a row adds its head's words in the
-- same transaction. Words are never removed (a stale word only widens a query to nothing).
CREATE FUNCTION catalogue.search_words_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO catalogue.search_word (word)
      SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.search_head))) AS w
       WHERE char_length(w) BETWEEN 3 AND 40
      ON CONFLICT (word) DO NOTHING;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER course_search_words AFTER INSERT OR UPDATE OF title, subtitle, category ON catalogue.course
  FOR EACH ROW EXECUTE FUNCTION catalogue.search_words_add();
CREATE TRIGGER instructor_search_words AFTER INSERT OR UPDATE OF name, band ON catalogue.instructor
  FOR EACH ROW EXECUTE FUNCTION catalogue.search_words_add();
CREATE TRIGGER freebie_search_words AFTER INSERT OR UPDATE OF title, subtitle, category ON catalogue.freebie
  FOR EACH ROW EXECUTE FUNCTION catalogue.search_words_add();

INSERT INTO catalogue.search_word (word)
  SELECT DISTINCT w FROM (
    SELECT search_head FROM catalogue.course
    UNION ALL SELECT search_head FROM catalogue.instructor
    UNION ALL SELECT search_head FROM catalogue.freebie
  ) AS heads (head), unnest(tsvector_to_array(to_tsvector('simple', head))) AS w
  WHERE char_length(w) BETWEEN 3 AND 40
  ON CONFLICT (word) DO NOTHING;

-- Courses are no longer compared by trigrams (instructors and freebies, few, still are).
DROP INDEX catalogue.course_search_head_trgm_idx;
