-- Issue 51 item 2 (decision 0087): the back office's instructor picker finds instructors by the start of their
-- name, any case, the first matches by name: lower(name) in byte order (COLLATE "C"), so a prefix LIKE is a
-- range of this index read in order and the page stops after the matches it shows.
CREATE INDEX IF NOT EXISTS instructor_name_search_idx ON catalogue.instructor ((lower(name) COLLATE "C"), id);
CREATE INDEX IF NOT EXISTS instructor_name_search_published_idx ON catalogue.instructor ((lower(name) COLLATE "C"), id) WHERE published;
