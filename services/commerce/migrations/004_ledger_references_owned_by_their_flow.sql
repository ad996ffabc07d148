-- Each wallet credit's reference belongs to the flow that wrote it (decision 0036). Before this,
-- the ledger counted each (kind, reference) once and dropped a later credit with the same pair, so
-- an admin credit made first with a gift card's, a referral's or a card payment's reference took
-- that flow's place and its money never arrived. Now:
--   * every credit names its flow; its reference is '<flow>:<the flow's own key>';
--   * the database refuses a flow writing outside its namespace or a kind that is not its own;
--   * a reference is unique across all kinds, so a repeat is found whatever kind it claims.

ALTER TABLE commerce.ledger_entry ADD COLUMN flow text;

-- Existing credits: a reference in a flow's namespace with that flow's kind is that flow's; any
-- other is an admin credit, moved into the admin's namespace (with its id when two share one).
UPDATE commerce.ledger_entry SET flow = CASE
    WHEN kind = 'gift_card_redemption' AND reference LIKE 'gift-card:%' THEN 'gift-card'
    WHEN kind = 'referral_bonus' AND reference LIKE 'referral:%' THEN 'referral'
    WHEN kind = 'refund' AND reference LIKE 'card:%' THEN 'card'
    ELSE 'admin'
  END
 WHERE reference IS NOT NULL;
UPDATE commerce.ledger_entry e
   SET reference = 'admin:' || e.reference || CASE WHEN d.n > 1 THEN '#' || e.id ELSE '' END
  FROM (SELECT id, count(*) OVER (PARTITION BY reference) AS n FROM commerce.ledger_entry WHERE flow = 'admin') d
 WHERE d.id = e.id;

ALTER TABLE commerce.ledger_entry ADD CONSTRAINT ledger_entry_flow_check CHECK (
  (reference IS NULL AND flow IS NULL)
  OR (
    reference IS NOT NULL AND flow IS NOT NULL
    AND left(reference, length(flow) + 1) = flow || ':'
    AND (
      (flow = 'admin' AND kind IN ('referral_bonus', 'gift_card_redemption', 'refund'))
      OR (flow = 'gift-card' AND kind = 'gift_card_redemption')
      OR (flow = 'referral' AND kind = 'referral_bonus')
      OR (flow = 'card' AND kind = 'refund')
    )
  )
);

DROP INDEX commerce.ledger_entry_reference_idx;
CREATE UNIQUE INDEX ledger_entry_reference_idx ON commerce.ledger_entry (reference) WHERE reference IS NOT NULL;
