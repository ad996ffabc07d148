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

-- Mass mail (issue 13): one row per mail, one per recipient with its state; a durable job sends
-- pending recipients in batches. A recipient is claimed (committed) before its mail is handed to
-- the mail port and marked sent after; one left claimed by a crash is never retried ('uncertain'),
-- so no address is mailed twice.
CREATE TABLE messaging.mass_mail (
  id          text PRIMARY KEY,
  audience    text NOT NULL,
  subject     text NOT NULL,
  html        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE messaging.mass_mail_recipient (
  mail_id     text NOT NULL REFERENCES messaging.mass_mail (id) ON DELETE CASCADE,
  email       text NOT NULL,
  name        text NOT NULL DEFAULT '',
  language    text NOT NULL DEFAULT 'en',
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'sent', 'skipped', 'uncertain')),
  token       text NOT NULL UNIQUE,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mail_id, email)
);
CREATE INDEX mass_mail_recipient_state_idx ON messaging.mass_mail_recipient (state);

-- Addresses that followed a mass mail's unsubscribe link: no more mass mail to them.
CREATE TABLE messaging.unsubscribed (
  email            text PRIMARY KEY,
  unsubscribed_at  timestamptz NOT NULL DEFAULT now()
);

-- Transactional mails (decision 0023): one row per mail requested through
-- `messaging.mail.requested` (or caused by an event messaging consumes itself), rendered when it
-- is stored. The key (cause + recipient) is unique: a cause mails a recipient once. A sender job
-- claims a row (committed) before handing it to the mail port and marks it sent after; one left
-- claimed by a crash is never retried ('uncertain'); one the mail server refused is tried again
-- later (next_attempt_at). Bodies are blanked once sent: links and codes live only until then.
CREATE TABLE messaging.outgoing_mail (
  key              text PRIMARY KEY,
  kind             text NOT NULL,
  recipient        text NOT NULL,
  language         text NOT NULL DEFAULT 'en',
  subject          text NOT NULL,
  html             text NOT NULL,
  text             text NOT NULL,
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'sent', 'uncertain')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX outgoing_mail_pending_idx ON messaging.outgoing_mail (next_attempt_at) WHERE state = 'pending';

-- System notifications in the reader's language: a text key and its parameters, rendered on read
-- (msg keeps the English text for any reader without a known key).
ALTER TABLE messaging.notification ADD COLUMN text_key text;
ALTER TABLE messaging.notification ADD COLUMN params jsonb;

-- The mail cap per mailbox (issue 36): each transactional mail records the mailbox its address
-- delivers to (normalised: lower-case, no +tag, Gmail's dots ignored), so the mails anyone can
-- cause (verification, password reset, sign-in link) are counted per mailbox across kinds. One
-- over the cap is kept as 'capped' (never sent, its body blanked), so its key stays used and an
-- operator can see it. Mails queued before this have no mailbox and are not counted (at most the
-- hour before the upgrade).
ALTER TABLE messaging.outgoing_mail ADD COLUMN mailbox text;
ALTER TABLE messaging.outgoing_mail DROP CONSTRAINT outgoing_mail_state_check;
ALTER TABLE messaging.outgoing_mail ADD CONSTRAINT outgoing_mail_state_check CHECK (state IN ('pending', 'claimed', 'sent', 'uncertain', 'capped'));
CREATE INDEX outgoing_mail_mailbox_idx ON messaging.outgoing_mail (mailbox, created_at) WHERE mailbox IS NOT NULL;

