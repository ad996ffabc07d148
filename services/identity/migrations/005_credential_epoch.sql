-- Mailed links end with a credential change (issue 36, decision 0039): a password change, a reset
-- and a suspension each add one to the user's credential epoch, in the transaction that makes the
-- change. A sign-in link keeps the epoch it was issued under and works only while the user's is
-- the same; a password-reset link's fingerprint covers it. Existing rows start at 0, so links
-- issued before this migration keep working until the next change.
ALTER TABLE identity.users ADD COLUMN credential_epoch integer NOT NULL DEFAULT 0;
ALTER TABLE identity.sign_in_links ADD COLUMN credential_epoch integer NOT NULL DEFAULT 0;
