-- What a wallet movement was for, as the wallet statement shows it (issue 41): a gift card's
-- product name, recorded when the card is credited. Rows written before stay NULL and show
-- without it; a referral bonus names its friend from commerce.referral, an order its items.
ALTER TABLE commerce.ledger_entry ADD COLUMN detail text;
-- The statement pages a user's entries newest first: ledger_entry_user_idx (user_id, id) serves it.
