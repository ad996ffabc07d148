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
