-- Play-along passages and the practice log (issue 54, decision 0081). Numbered 008 to leave 006
-- and 007 to work in flight beside it (versions need not be consecutive).

-- A passage of a lesson (the classroom's A–B loop) with its reference notes, as one document.
CREATE TABLE learning.passage (
  id             text PRIMARY KEY,
  course_id      text NOT NULL,
  lesson_id      text NOT NULL,
  title          text NOT NULL,
  start_seconds  double precision NOT NULL CHECK (start_seconds >= 0),
  end_seconds    double precision NOT NULL,
  bpm            double precision NOT NULL CHECK (bpm BETWEEN 20 AND 300),
  percussive     boolean NOT NULL DEFAULT false,
  notes          jsonb NOT NULL,
  source         text NOT NULL CHECK (source IN ('typed', 'midi')),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (end_seconds > start_seconds)
);
CREATE INDEX passage_course_idx ON learning.passage (course_id, lesson_id, start_seconds);

-- Seconds of playing heard, per student, Dhaka day and course (kept by the practice.heard consumer).
CREATE TABLE learning.practice_day (
  user_id    text NOT NULL,
  day        text NOT NULL,
  course_id  text NOT NULL,
  seconds    integer NOT NULL CHECK (seconds >= 0),
  PRIMARY KEY (user_id, day, course_id)
);

-- Each student's best and last score per passage: the instructor's figures read these, never raw takes.
CREATE TABLE learning.practice_passage (
  user_id     text NOT NULL,
  passage_id  text NOT NULL,
  course_id   text NOT NULL,
  best_score  integer NOT NULL CHECK (best_score BETWEEN 0 AND 100),
  last_score  integer NOT NULL CHECK (last_score BETWEEN 0 AND 100),
  takes       integer NOT NULL CHECK (takes >= 1),
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, passage_id)
);
CREATE INDEX practice_passage_idx ON learning.practice_passage (passage_id);
