-- Search over courses, instructors and freebies (issue 24; decision 0031).
-- pg_trgm: PostgreSQL's contrib; the embedded database (PGlite) loads its build of it too. In the
-- catalogue's own schema: the service's role may create there (PostgreSQL 15 gives no one CREATE
-- on public), and no other service depends on it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA catalogue;

-- The text search matches on: tags dropped, lower case, and Bengali without its dependent vowel
-- signs (U+09BE–U+09C4, U+09C7–U+09C8, U+09CB–U+09CC, U+09D7) and hasanta (U+09CD), so a word
-- typed with or without its vowel signs (or with other ones) finds the same text; the catalogue's
-- search-text.ts normalises the query the same way. Immutable: the generated columns below use
-- it, so the index is rewritten in the same statement as every write of the row.
CREATE FUNCTION catalogue.search_norm(raw text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT translate(
      lower(regexp_replace(regexp_replace(raw, '<[^>]*>', ' ', 'g'), '&(nbsp|amp|lt|gt|quot|#39);', ' ', 'g')),
      E'\u09BE\u09BF\u09C0\u09C1\u09C2\u09C3\u09C4\u09C7\u09C8\u09CB\u09CC\u09CD\u09D7',
      '')
  $$;

-- A category's Bengali name, so "গিটার" finds the Guitar courses (the same words as the screens').
CREATE FUNCTION catalogue.category_bn(category text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE category
      WHEN 'Guitar' THEN 'গিটার'
      WHEN 'Bass Guitar' THEN 'বেস বেজ গিটার'
      WHEN 'Drums' THEN 'ড্রামস ড্রাম'
      WHEN 'Piano & Keyboard' THEN 'পিয়ানো কিবোর্ড'
      WHEN 'Sound Engineering' THEN 'সাউন্ড ইঞ্জিনিয়ারিং'
      WHEN 'FAQ' THEN 'প্রশ্ন'
      WHEN 'Info' THEN 'তথ্য'
      ELSE '' END
  $$;

-- Courses: the title (weight A); subtitle and category in both languages (B); description (C).
-- search_head (title, subtitle, category) is what typos are forgiven in (trigram word similarity).
ALTER TABLE catalogue.course
  ADD COLUMN search_head text GENERATED ALWAYS AS (
    catalogue.search_norm(title || ' ' || subtitle || ' ' || category || ' ' || catalogue.category_bn(category))) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', catalogue.search_norm(title)), 'A')
    || setweight(to_tsvector('simple', catalogue.search_norm(subtitle || ' ' || category || ' ' || catalogue.category_bn(category))), 'B')
    || setweight(to_tsvector('simple', catalogue.search_norm(description)), 'C')) STORED;
CREATE INDEX course_search_doc_idx ON catalogue.course USING gin (search_doc);
CREATE INDEX course_search_head_trgm_idx ON catalogue.course USING gin (search_head catalogue.gin_trgm_ops);

-- Instructors: the name (A), band (B), bio (C).
ALTER TABLE catalogue.instructor
  ADD COLUMN search_head text GENERATED ALWAYS AS (catalogue.search_norm(name || ' ' || band)) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', catalogue.search_norm(name)), 'A')
    || setweight(to_tsvector('simple', catalogue.search_norm(band)), 'B')
    || setweight(to_tsvector('simple', catalogue.search_norm(bio)), 'C')) STORED;
CREATE INDEX instructor_search_doc_idx ON catalogue.instructor USING gin (search_doc);
CREATE INDEX instructor_search_head_trgm_idx ON catalogue.instructor USING gin (search_head catalogue.gin_trgm_ops);

-- Freebies: the title (A), subtitle and category (B), description (C).
ALTER TABLE catalogue.freebie
  ADD COLUMN search_head text GENERATED ALWAYS AS (
    catalogue.search_norm(title || ' ' || subtitle || ' ' || category || ' ' || catalogue.category_bn(category))) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', catalogue.search_norm(title)), 'A')
    || setweight(to_tsvector('simple', catalogue.search_norm(subtitle || ' ' || category || ' ' || catalogue.category_bn(category))), 'B')
    || setweight(to_tsvector('simple', catalogue.search_norm(description)), 'C')) STORED;
CREATE INDEX freebie_search_doc_idx ON catalogue.freebie USING gin (search_doc);
CREATE INDEX freebie_search_head_trgm_idx ON catalogue.freebie USING gin (search_head catalogue.gin_trgm_ops);
