-- Course ratings (issue 41, decision 0048): the figures of a course's shown reviews, kept by
-- messaging and sent with `messaging.course_rating.changed`; the version of the figures stored
-- (a later event with a lower or equal version changes nothing).
ALTER TABLE catalogue.course
  ADD COLUMN rating_sum bigint NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  ADD COLUMN rating_version bigint NOT NULL DEFAULT 0;
