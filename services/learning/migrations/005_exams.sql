-- Theory exams (issue 53, decision 0072): one per course, its questions with their key as one
-- document (written and read whole), and each student's attempts.
CREATE TABLE learning.exam (
  course_id     text PRIMARY KEY,
  language      text NOT NULL CHECK (language IN ('en', 'bn', 'both')),
  pass_percent  integer NOT NULL CHECK (pass_percent BETWEEN 1 AND 100),
  max_attempts  integer NOT NULL CHECK (max_attempts BETWEEN 1 AND 20),
  questions     jsonb NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- An attempt is counted when it is started; submitted once: the conditional UPDATE that grades it
-- matches only while submitted_at is null, so parallel submissions grade it once.
CREATE TABLE learning.exam_attempt (
  id             text PRIMARY KEY,
  user_id        text NOT NULL,
  course_id      text NOT NULL,
  number         integer NOT NULL CHECK (number >= 1),
  started_at     timestamptz NOT NULL DEFAULT now(),
  submitted_at   timestamptz,
  answers        jsonb,
  score_percent  integer CHECK (score_percent BETWEEN 0 AND 100),
  passed         boolean,
  wrong          jsonb,
  UNIQUE (user_id, course_id, number),
  CHECK ((submitted_at IS NULL) = (passed IS NULL))
);
-- At most one open attempt per student and course.
CREATE UNIQUE INDEX exam_attempt_open_idx ON learning.exam_attempt (user_id, course_id) WHERE submitted_at IS NULL;

-- A certificate names the exams passed before it was asked for (decision 0073): [{kind, passedAt, scorePercent}].
ALTER TABLE learning.certificate ADD COLUMN exams jsonb NOT NULL DEFAULT '[]';
