-- What a paid order's event carries so its consumers ask nobody (decision 0053), recorded when
-- the order is created.
-- Each item's sale terms: the course's instructor profile ('' for none) and their share, percent,
-- as the catalogue had them then. Items written before stay unknown (sale_terms_known false) and
-- their event's consumer looks the course up as before.
ALTER TABLE commerce.order_item
  ADD COLUMN instructor_id text NOT NULL DEFAULT '',
  ADD COLUMN instructor_percentage integer NOT NULL DEFAULT 0,
  ADD COLUMN sale_terms_known boolean NOT NULL DEFAULT false;
-- The buyer as the edge read them from identity for the order's request: where the receipt goes,
-- whom it names, in which language. '' when not given (orders written before, other callers).
ALTER TABLE commerce.purchase_order
  ADD COLUMN buyer_email text NOT NULL DEFAULT '',
  ADD COLUMN buyer_name text NOT NULL DEFAULT '',
  ADD COLUMN buyer_language text NOT NULL DEFAULT '';
