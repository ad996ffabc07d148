-- Learning tables (decision 0015). Always schema-qualified: in embedded mode all services share one session.

-- A lesson of a course: its video is a file in the files port under `videos/<filename>`.
CREATE TABLE learning.lesson (
  id                text PRIMARY KEY,
  course_id         text NOT NULL,
  position          integer NOT NULL,
  title             text NOT NULL CHECK (length(title) >= 2),
  status            text NOT NULL CHECK (status IN ('open', 'login', 'paid')),
  filename          text UNIQUE,
  size              bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  duration_seconds  double precision NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, position)
);

-- One enrolment per student and course; each paid order extends it from its current expiry.
CREATE TABLE learning.enrolment (
  user_id         text NOT NULL,
  course_id       text NOT NULL,
  tier            text NOT NULL,
  expires_at      timestamptz NOT NULL,
  first_order_id  text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, course_id)
);
CREATE INDEX enrolment_expiry_idx ON learning.enrolment (expires_at);

-- Each (order, course) grants once, even beyond the inbox's retention.
CREATE TABLE learning.grant_applied (
  order_id   text NOT NULL,
  course_id  text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, course_id)
);

-- Progress per student and lesson; it outlives an expired enrolment.
CREATE TABLE learning.progress (
  user_id           text NOT NULL,
  lesson_id         text NOT NULL REFERENCES learning.lesson (id),
  position_seconds  double precision NOT NULL DEFAULT 0 CHECK (position_seconds >= 0),
  completed         boolean NOT NULL DEFAULT false,
  practice_seconds  bigint NOT NULL DEFAULT 0 CHECK (practice_seconds >= 0),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lesson_id)
);
