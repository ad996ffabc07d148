-- Practical exams (issue 53 item 2, decision 0079): one brief per course, and each student's
-- submissions, stored privately under videos/ like a lesson's video (played through signed URLs).
CREATE TABLE learning.practical_exam (
  course_id   text PRIMARY KEY,
  language    text NOT NULL CHECK (language IN ('en', 'bn', 'both')),
  brief_en    text NOT NULL DEFAULT '',
  brief_bn    text NOT NULL DEFAULT '',
  enabled     boolean NOT NULL DEFAULT true,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Graded once: the conditional UPDATE that grades matches only while status = 'waiting'.
CREATE TABLE learning.practical_submission (
  id                text PRIMARY KEY,
  user_id           text NOT NULL,
  course_id         text NOT NULL,
  number            integer NOT NULL CHECK (number >= 1),
  filename          text NOT NULL,
  media_kind        text NOT NULL CHECK (media_kind IN ('audio', 'video')),
  duration_seconds  double precision NOT NULL DEFAULT 0,
  submitted_at      timestamptz NOT NULL DEFAULT now(),
  status            text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'passed', 'failed')),
  comment           text NOT NULL DEFAULT '',
  graded_at         timestamptz,
  graded_by         text,
  UNIQUE (user_id, course_id, number),
  CHECK ((status = 'waiting') = (graded_at IS NULL))
);
-- At most one submission waiting, and one passed, per student and course.
CREATE UNIQUE INDEX practical_submission_waiting_idx ON learning.practical_submission (user_id, course_id) WHERE status = 'waiting';
CREATE UNIQUE INDEX practical_submission_passed_idx ON learning.practical_submission (user_id, course_id) WHERE status = 'passed';
CREATE INDEX practical_submission_status_idx ON learning.practical_submission (status, submitted_at);
