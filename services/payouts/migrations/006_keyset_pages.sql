-- Issue 51 item 2 (decision 0084, second part): payouts' lists a keyset page at a time, each read from an
-- index in its order. The (instructor_id, paid_day) and (course_id, paid_day) indexes find a range's sales
-- but not in (paid_at, id) order: a page of them sorted every sale of the range first.
CREATE INDEX IF NOT EXISTS sale_instructor_page_idx ON payouts.sale (instructor_id, paid_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS sale_course_page_idx ON payouts.sale (course_id, paid_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS sale_page_idx ON payouts.sale (paid_at DESC, id DESC);
-- An instructor's settlements newest first (the old index has no id to order one instant's ties).
CREATE INDEX IF NOT EXISTS settlement_instructor_page_idx ON payouts.settlement (instructor_id, created_at DESC, id DESC);
-- The course analytics list: every course's kept totals by received amount, highest first.
CREATE INDEX IF NOT EXISTS course_totals_received_idx ON payouts.course_totals (received_amount DESC, course_id DESC);
