-- Issue 51 item 2 (decision 0084, second part): the back office's gift cards and store orders a keyset page
-- at a time, newest first by (created_at, id), both descending. Migration 004's indexes end in `id` ascending,
-- so a page in keyset order (one instant's ties by id descending) was an incremental sort; these replace them.
CREATE INDEX IF NOT EXISTS gift_card_page_idx ON store.gift_card (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS store_order_page_idx ON store.store_order (created_at DESC, id DESC);
DROP INDEX IF EXISTS store.gift_card_newest_idx;
DROP INDEX IF EXISTS store.store_order_newest_idx;
