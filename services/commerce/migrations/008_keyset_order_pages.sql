-- The back office's orders, a keyset page at a time (decision 0074): newest first by (created_at, id),
-- in a range of days or all of them; the paid list reads its own partial index.
CREATE INDEX purchase_order_newest_idx ON commerce.purchase_order (created_at DESC, id DESC);
CREATE INDEX purchase_order_paid_newest_idx ON commerce.purchase_order (created_at DESC, id DESC) WHERE status = 'paid';
