-- Issue 51 item 2 (decision 0087): a student's own paid store orders a keyset page at a time, newest first by
-- (created_at, id), read in that order from this partial index (they were one list cut at 500).
CREATE INDEX IF NOT EXISTS store_order_paid_user_page_idx ON store.store_order (user_id, created_at DESC, id DESC) WHERE status = 'paid';
