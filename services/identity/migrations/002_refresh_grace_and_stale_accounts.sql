-- Concurrent refresh (decision 0005): a rotated token (used_at = when it was rotated) keeps
-- the SHA-256 of its successor and the successor itself sealed with a key derived from the
-- rotated token, so a second presentation within the grace window answers the same session.
ALTER TABLE identity.refresh_tokens
  ADD COLUMN successor_hash   text,
  ADD COLUMN successor_sealed text;

-- Stale unverified self sign-ups are removed after UNVERIFIED_ACCOUNT_DAYS (decision 0006).
CREATE INDEX users_unverified_created_idx ON identity.users (created_at) WHERE NOT email_verify;
