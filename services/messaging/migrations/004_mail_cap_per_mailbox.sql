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
