-- Issue 51 (decision 0091): the back office's order pages read their own indexes (migration 008). The older index
-- on created_at alone (migration 002) is the first column of purchase_order_newest_idx, and the planner took it
-- for the paid orders' page too, walking the newest orders and sorting each run of equal times: where the newest
-- 60,000 orders were unpaid (the seed's last weeks), a page of paid orders read 2,047 pages (14 ms) instead of the
-- partial index's four. Every range or order of created_at the older index served, the newest-first one serves.
DROP INDEX IF EXISTS commerce.purchase_order_created_idx;
