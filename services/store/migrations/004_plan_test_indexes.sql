-- Issue 51 item 4 (decision 0082): the back office's gift cards and store orders, newest first then by
-- id, read in that order from an index (the gift cards were a sequential scan and a sort of every card;
-- the orders an index on created_at and a sort of each instant's ties).
CREATE INDEX IF NOT EXISTS gift_card_newest_idx ON store.gift_card (created_at DESC, id);
CREATE INDEX IF NOT EXISTS store_order_newest_idx ON store.store_order (created_at DESC, id);
