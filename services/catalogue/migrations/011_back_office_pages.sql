-- The back office's course list and the instructor lists a keyset page at a time (issue 51, decision 0084).
--   every course, published or not, newest first: (created_at DESC, id DESC); the featured ones: the same, partial
--   instructors, oldest first as they have always been listed: (created_at, id); the published ones: the same, partial
CREATE INDEX course_admin_newest_idx ON catalogue.course (created_at DESC, id DESC);
CREATE INDEX course_admin_featured_idx ON catalogue.course (created_at DESC, id DESC) WHERE featured;
CREATE INDEX instructor_page_idx ON catalogue.instructor (created_at, id);
CREATE INDEX instructor_page_published_idx ON catalogue.instructor (created_at, id) WHERE published;
