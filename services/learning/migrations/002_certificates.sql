-- Certificate requests (decision 0015): one per student and course; provided by an admin with a PDF.
CREATE TABLE learning.certificate (
  id            text PRIMARY KEY,
  user_id       text NOT NULL,
  course_id     text NOT NULL,
  user_name     text NOT NULL,
  user_email    text NOT NULL,
  course_name   text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'provided')),
  requested_at  timestamptz NOT NULL DEFAULT now(),
  provided_at   timestamptz,
  pdf_key       text,
  UNIQUE (user_id, course_id),
  CHECK ((status = 'provided') = (provided_at IS NOT NULL))
);
CREATE INDEX certificate_status_idx ON learning.certificate (status, requested_at);
