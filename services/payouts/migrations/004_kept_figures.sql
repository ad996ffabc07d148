-- Kept figures (issue 51, decision 0083): the sales' sums kept per course and day, per course,
-- per instructor and per day by the transaction that records a sale, so no screen adds up the
-- sale table on a visit. Filled here from the sales already recorded.

-- Per course and Dhaka day: an instructor's and a course's figures over a range, and the
-- earnings before a day of a statement.
CREATE TABLE payouts.sale_day (
  course_id        text NOT NULL,
  paid_day         date NOT NULL,
  instructor_id    text NOT NULL,
  sale_count       integer NOT NULL,
  amount_paid      bigint NOT NULL,
  gateway_cut      bigint NOT NULL,
  received_amount  bigint NOT NULL,
  earnings         bigint NOT NULL,
  product_cut      bigint NOT NULL,
  PRIMARY KEY (course_id, paid_day, instructor_id)
);
CREATE INDEX sale_day_instructor_idx ON payouts.sale_day (instructor_id, paid_day);

-- Per course, all time (the course analytics list).
CREATE TABLE payouts.course_totals (
  course_id        text PRIMARY KEY,
  course_title     text NOT NULL,
  instructor_id    text NOT NULL,
  sale_count       integer NOT NULL,
  amount_paid      bigint NOT NULL,
  gateway_cut      bigint NOT NULL,
  received_amount  bigint NOT NULL,
  earnings         bigint NOT NULL,
  product_cut      bigint NOT NULL
);

-- Per Dhaka day, the whole marketplace (the sales summary over any range), with its paid orders.
CREATE TABLE payouts.day_totals (
  paid_day         date PRIMARY KEY,
  order_count      integer NOT NULL,
  sale_count       integer NOT NULL,
  amount_paid      bigint NOT NULL,
  gateway_cut      bigint NOT NULL,
  received_amount  bigint NOT NULL,
  earnings         bigint NOT NULL,
  product_cut      bigint NOT NULL
);

-- Per instructor, all time: beside the earnings and settled amounts the account already keeps.
ALTER TABLE payouts.instructor_account
  ADD COLUMN sale_count integer NOT NULL DEFAULT 0,
  ADD COLUMN amount_paid bigint NOT NULL DEFAULT 0,
  ADD COLUMN gateway_cut bigint NOT NULL DEFAULT 0,
  ADD COLUMN received_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN product_cut bigint NOT NULL DEFAULT 0;

INSERT INTO payouts.sale_day
SELECT course_id, paid_day, instructor_id, count(*), sum(amount_paid), sum(gateway_cut), sum(received_amount), sum(instructor_earning), sum(product_cut)
  FROM payouts.sale GROUP BY course_id, paid_day, instructor_id;

INSERT INTO payouts.course_totals
SELECT course_id, max(course_title), max(instructor_id), count(*), sum(amount_paid), sum(gateway_cut), sum(received_amount), sum(instructor_earning), sum(product_cut)
  FROM payouts.sale GROUP BY course_id;

INSERT INTO payouts.day_totals
SELECT paid_day, count(DISTINCT order_id), count(*), sum(amount_paid), sum(gateway_cut), sum(received_amount), sum(instructor_earning), sum(product_cut)
  FROM payouts.sale GROUP BY paid_day;

UPDATE payouts.instructor_account a
   SET sale_count = s.sale_count, amount_paid = s.amount_paid, gateway_cut = s.gateway_cut, received_amount = s.received_amount, product_cut = s.product_cut
  FROM (SELECT instructor_id, count(*) AS sale_count, sum(amount_paid) AS amount_paid, sum(gateway_cut) AS gateway_cut,
               sum(received_amount) AS received_amount, sum(product_cut) AS product_cut
          FROM payouts.sale GROUP BY instructor_id) s
 WHERE s.instructor_id = a.instructor_id;
