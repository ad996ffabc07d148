-- Messaging tables. Always schema-qualified: in embedded mode all services share one session.

-- A visitor's message from the contact forms; status true once the admin replied.
CREATE TABLE messaging.contact_message (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  email       text NOT NULL,
  message     text NOT NULL,
  status      boolean NOT NULL DEFAULT false,
  reply       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_message_created_idx ON messaging.contact_message (created_at DESC);

-- A student's message to an instructor (profile id); status true once answered.
CREATE TABLE messaging.student_message (
  id             text PRIMARY KEY,
  from_user      text NOT NULL,
  name           text NOT NULL,
  email          text NOT NULL,
  to_instructor  text NOT NULL,
  to_name        text NOT NULL DEFAULT '',
  course_id      text NOT NULL DEFAULT '',
  message        text NOT NULL,
  status         boolean NOT NULL DEFAULT false,
  reply          text NOT NULL DEFAULT '',
  replied_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_message_from_idx ON messaging.student_message (from_user, created_at DESC);
CREATE INDEX student_message_to_idx ON messaging.student_message (to_instructor, created_at DESC);

-- A notification: to everyone (user_id NULL) or to one user. seq orders them for the live push;
-- source_key makes a notification caused by an event exist once per cause.
CREATE TABLE messaging.notification (
  id          text PRIMARY KEY,
  seq         bigserial UNIQUE,
  user_id     text,
  msg         text NOT NULL,
  source_key  text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_user_idx ON messaging.notification (user_id, created_at DESC);

-- Read state per user: marking one read hides it for that user only.
CREATE TABLE messaging.notification_read (
  user_id          text NOT NULL,
  notification_id  text NOT NULL REFERENCES messaging.notification (id) ON DELETE CASCADE,
  read_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notification_id)
);
