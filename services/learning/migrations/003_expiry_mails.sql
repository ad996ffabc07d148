-- Expiry mails (decision 0015): who to write to, and which notices went out (each once).
CREATE TABLE learning.contact (
  user_id   text PRIMARY KEY,
  name      text NOT NULL,
  email     text NOT NULL,
  language  text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'bn'))
);

-- One notice of each kind per enrolment period: a renewal (a new expiry) may notify again.
CREATE TABLE learning.expiry_notice (
  user_id     text NOT NULL,
  course_id   text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('soon', 'expired')),
  expires_at  timestamptz NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, course_id, kind, expires_at)
);
