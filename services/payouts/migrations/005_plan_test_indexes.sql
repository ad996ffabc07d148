-- Issue 51 item 4 (decision 0082): an instructor's per-course figures (`analytics/secure/instructor`,
-- the earnings screen) were a sequential scan of every course's totals; read by instructor, in course order.
CREATE INDEX IF NOT EXISTS course_totals_instructor_idx ON payouts.course_totals (instructor_id, course_id);
