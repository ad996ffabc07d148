-- store.card_payment is now created by @taal/payments' migrateCardAttempts (the table every
-- card-selling service keeps); its order index has that helper's name, so a database made before
-- does not get a second index on the same column.
ALTER INDEX IF EXISTS store.store_card_payment_order_idx RENAME TO card_payment_order_idx;
