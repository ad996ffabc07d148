-- Referral bonuses count people, not accounts (decision 0014): aliases of one mailbox are one
-- person, and a referral that earns nothing is kept as 'refused' with its reason.

-- Each account's mailbox (normalised address), from identity.user.registered.
CREATE TABLE commerce.account_mailbox (
  user_id  text PRIMARY KEY,
  mailbox  text NOT NULL
);
CREATE INDEX account_mailbox_mailbox_idx ON commerce.account_mailbox (mailbox);

ALTER TABLE commerce.referral ADD COLUMN referred_mailbox text;
ALTER TABLE commerce.referral ADD COLUMN refused_reason text;
ALTER TABLE commerce.referral DROP CONSTRAINT referral_status_check;
ALTER TABLE commerce.referral ADD CONSTRAINT referral_status_check CHECK (status IN ('pending', 'credited', 'refused'));
ALTER TABLE commerce.referral ADD CONSTRAINT referral_refused_reason_check CHECK ((status = 'refused') = (refused_reason IS NOT NULL));
-- At most one bonus per mailbox, whatever the order of events.
CREATE UNIQUE INDEX referral_mailbox_idx ON commerce.referral (referred_mailbox) WHERE status <> 'refused' AND referred_mailbox IS NOT NULL;
