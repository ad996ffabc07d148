-- The terms' age rule (issue 40, decision 0047): a student who is 13 to 17 on the day of sign-up
-- names a parent's or guardian's address and cannot buy until the guardian opens the mailed link.
-- guardian_status: '' (no guardian needed: adults, staff, social sign-ups and every account made
-- before this migration), 'pending' or 'approved'. guardian_nonce is carried by the signed link and
-- cleared when the link is used, so a link works once.
ALTER TABLE identity.users
  ADD COLUMN guardian_email text NOT NULL DEFAULT '',
  ADD COLUMN guardian_status text NOT NULL DEFAULT '' CHECK (guardian_status IN ('', 'pending', 'approved')),
  ADD COLUMN guardian_nonce text,
  ADD COLUMN guardian_approved_at timestamptz;
