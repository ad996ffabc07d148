-- One-time sign-in links mailed to the account's address (decision 0005): by SHA-256 of the
-- token, valid for minutes, used at most once (used_at is set by the one update that wins).
CREATE TABLE identity.sign_in_links (
  token_hash  text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sign_in_links_user_idx ON identity.sign_in_links (user_id);
