-- Issue 51 item 2 (decision 0087): the back office's course picker finds courses by the start of their title, any
-- case, the first matches by title: lower(title) in byte order (COLLATE "C"), so a prefix LIKE is a range of this
-- index read in order and the search stops after the matches it shows (as migration 012's instructor names).
CREATE INDEX IF NOT EXISTS course_title_search_idx ON catalogue.course ((lower(title) COLLATE "C"), id);
