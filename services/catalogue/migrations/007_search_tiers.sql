-- Search in tiers (decision 0031, revised): every query word in the title, then in the title,
-- subtitle or category, then anywhere; the most bought first within a tier. Each tier reads its
-- own small document (the weighted search_doc carries the description's words, which made every
-- comparison read them), and walks the popularity order until its page is full, so a word that a
-- third of the catalogue matches costs a few index entries, not a ranking of every match.
ALTER TABLE catalogue.course
  ADD COLUMN search_title tsvector GENERATED ALWAYS AS (to_tsvector('simple', catalogue.search_norm(title))) STORED,
  ADD COLUMN search_top tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', catalogue.search_norm(title || ' ' || subtitle || ' ' || category || ' ' || catalogue.category_bn(category)))) STORED;
CREATE INDEX course_search_title_idx ON catalogue.course USING gin (search_title);
CREATE INDEX course_search_top_idx ON catalogue.course USING gin (search_top);
-- The suggestions of an empty result read this order too.
CREATE INDEX course_popular_idx ON catalogue.course (sold DESC, created_at DESC, id) WHERE published;
-- Statistics: the catalogue analyses the searched tables at every start, right after migrating.
