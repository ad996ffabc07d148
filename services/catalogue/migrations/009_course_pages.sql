-- The visitor's course list a keyset page at a time (issue 51, decision 0078). Published courses
-- only, so every index is partial on `published`. Each sort has one index for the whole list and
-- one per filter (category, level, instructor), its columns in the page's order, then the id:
--   newest      (created_at DESC, id DESC)
--   rating      (rating_rank DESC, rating_count DESC, id DESC): the best average first, then the most reviewed
--   price       (price, id), read backwards for price-desc
-- Two filters at once read the index of one of them in order and skip the rows of the other.
-- rating_rank: the average of the shown reviews in thousandths of a star (0 with none), kept by the
-- table itself so the order has a column to index and compare.
ALTER TABLE catalogue.course
  ADD COLUMN rating_rank integer GENERATED ALWAYS AS (CASE WHEN rating_count = 0 THEN 0 ELSE (rating_sum * 1000 / rating_count)::integer END) STORED;

CREATE INDEX course_page_newest_idx ON catalogue.course (created_at DESC, id DESC) WHERE published;
CREATE INDEX course_page_newest_category_idx ON catalogue.course (category, created_at DESC, id DESC) WHERE published;
CREATE INDEX course_page_newest_level_idx ON catalogue.course (level, created_at DESC, id DESC) WHERE published;
CREATE INDEX course_page_newest_instructor_idx ON catalogue.course (instructor_id, created_at DESC, id DESC) WHERE published;

CREATE INDEX course_page_rating_idx ON catalogue.course (rating_rank DESC, rating_count DESC, id DESC) WHERE published;
CREATE INDEX course_page_rating_category_idx ON catalogue.course (category, rating_rank DESC, rating_count DESC, id DESC) WHERE published;
CREATE INDEX course_page_rating_level_idx ON catalogue.course (level, rating_rank DESC, rating_count DESC, id DESC) WHERE published;
CREATE INDEX course_page_rating_instructor_idx ON catalogue.course (instructor_id, rating_rank DESC, rating_count DESC, id DESC) WHERE published;

CREATE INDEX course_page_price_idx ON catalogue.course (price, id) WHERE published;
CREATE INDEX course_page_price_category_idx ON catalogue.course (category, price, id) WHERE published;
CREATE INDEX course_page_price_level_idx ON catalogue.course (level, price, id) WHERE published;
CREATE INDEX course_page_price_instructor_idx ON catalogue.course (instructor_id, price, id) WHERE published;
