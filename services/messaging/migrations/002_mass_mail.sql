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
