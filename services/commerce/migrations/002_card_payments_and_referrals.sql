-- Card payments through the gateway adapter, orders held for risk review, and referral bonuses
-- (decision 0014).

-- 'held': the card money came with risk_level 1; an admin releases (pays) or refuses it.
ALTER TABLE commerce.purchase_order DROP CONSTRAINT purchase_order_status_check;
ALTER TABLE commerce.purchase_order ADD CONSTRAINT purchase_order_status_check
  CHECK (status IN ('unpaid', 'paid', 'expired', 'cancelled', 'held'));

-- One row per payment attempt (one gateway session): commerce.card_payment, the table every
-- card-selling service keeps, is created by @taal/payments' migrateCardAttempts after these files.

-- A sign-up through /signup/{refercode}: the referrer is promised 200 BDT (pending) until the
-- referred student's first order is paid, when it becomes a referral_bonus ledger credit.
CREATE TABLE commerce.referral (
  referred_id    text PRIMARY KEY,
  referrer_id    text NOT NULL,
  referred_name  text NOT NULL DEFAULT '',
  amount         bigint NOT NULL CHECK (amount > 0),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  credited_at    timestamptz,
  CHECK ((status = 'credited') = (credited_at IS NOT NULL))
);
CREATE INDEX referral_referrer_idx ON commerce.referral (referrer_id, created_at);

-- The pending balance is derived from the referral rows now.
ALTER TABLE commerce.wallet DROP COLUMN pending_balance;

-- Admin order lists by day range.
CREATE INDEX purchase_order_created_idx ON commerce.purchase_order (created_at);
