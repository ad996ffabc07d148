-- Identity tables. Always schema-qualified: in embedded mode all services share one session.
CREATE SEQUENCE identity.student_number_seq START 100001;

CREATE TABLE identity.users (
  id               text PRIMARY KEY,
  student_id       text NOT NULL UNIQUE,
  name             text NOT NULL,
  -- Trimmed and lower-cased.
  email            text NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt$hash; null for accounts made by a social login.
  password_hash    text,
  phone            text NOT NULL DEFAULT '',
  address          text NOT NULL DEFAULT '',
  -- File key in the files store; '' when none.
  photo            text NOT NULL DEFAULT '',
  photo_type       text NOT NULL DEFAULT '',
  dob              date,
  referral_code    text NOT NULL UNIQUE,
  referred_by      text REFERENCES identity.users (id),
  -- Money is integer poisha.
  pending_balance  bigint NOT NULL DEFAULT 0 CHECK (pending_balance >= 0),
  balance          bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  subscriber       boolean NOT NULL DEFAULT false,
  suspend          boolean NOT NULL DEFAULT false,
  email_verify     boolean NOT NULL DEFAULT false,
  first_purchase   boolean NOT NULL DEFAULT false,
  login_from       text NOT NULL DEFAULT '' CHECK (login_from IN ('', 'Google', 'Facebook')),
  google_sub       text UNIQUE,
  facebook_id      text UNIQUE,
  type             smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
  instructor       text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX users_created_idx ON identity.users (created_at);
CREATE INDEX users_type_idx ON identity.users (type);

-- One login: its refresh tokens rotate; revoking it ends every token of the login at once.
CREATE TABLE identity.sessions (
  id              text PRIMARY KEY,
  user_id         text NOT NULL REFERENCES identity.users (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz,
  revoked_reason  text
);

CREATE INDEX sessions_user_idx ON identity.sessions (user_id);

-- Every refresh token ever issued, by SHA-256. A used one presented again means theft: the session is revoked.
CREATE TABLE identity.refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  text NOT NULL REFERENCES identity.sessions (id),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_session_idx ON identity.refresh_tokens (session_id);

-- One row once the demo accounts have been seeded, so a restart never seeds twice.
CREATE TABLE identity.demo_seed (
  seeded_at  timestamptz NOT NULL DEFAULT now()
);
