-- Issue 51 item 4 (decision 0082): the back office's held orders (`order/held`, status 'held', oldest
-- first) were read by a sequential scan of every order; the plan test found it. A partial index holds
-- only the held ones, in the list's order.
CREATE INDEX IF NOT EXISTS purchase_order_held_idx ON commerce.purchase_order (created_at, id) WHERE status = 'held';
