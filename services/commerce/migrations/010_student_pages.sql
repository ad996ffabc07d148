-- The student's purchase history a keyset page at a time, newest first by (created_at, id) (issue 51, decision 0084).
-- The wallet statement reads ledger_entry_user_idx (user_id, id) backwards: newest first by its serial id.
CREATE INDEX purchase_order_user_page_idx ON commerce.purchase_order (user_id, created_at DESC, id DESC);
