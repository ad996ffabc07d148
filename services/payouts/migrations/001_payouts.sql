-- Payouts tables (decision 0016). Always schema-qualified: in embedded mode all services share one session.

-- One course of one paid order. The parts add up to what the student paid (CHECKs).
CREATE TABLE payouts.sale (
  id                     text PRIMARY KEY,
  order_id               text NOT NULL,
  course_id              text NOT NULL,
  course_title           text NOT NULL,
  instructor_id          text NOT NULL,
  user_id                text NOT NULL,
  voucher_code           text NOT NULL DEFAULT '',
  voucher_percent        integer NOT NULL DEFAULT 0,
  course_price           bigint NOT NULL CHECK (course_price >= 0),
  amount_paid            bigint NOT NULL CHECK (amount_paid >= 0),
  gateway_cut            bigint NOT NULL CHECK (gateway_cut >= 0),
  received_amount        bigint NOT NULL CHECK (received_amount >= 0),
  instructor_percentage  integer NOT NULL CHECK (instructor_percentage BETWEEN 0 AND 100),
  instructor_earning     bigint NOT NULL CHECK (instructor_earning >= 0),
  product_cut            bigint NOT NULL CHECK (product_cut >= 0),
  paid_at                timestamptz NOT NULL,
  paid_day               date NOT NULL,
  UNIQUE (order_id, course_id),
  CHECK (received_amount = amount_paid - gateway_cut),
  CHECK (instructor_earning + product_cut = received_amount)
);
CREATE INDEX sale_instructor_day_idx ON payouts.sale (instructor_id, paid_day);
CREATE INDEX sale_course_day_idx ON payouts.sale (course_id, paid_day);
CREATE INDEX sale_day_idx ON payouts.sale (paid_day);

-- Per instructor: lifetime earnings and everything paid out. Locked (FOR UPDATE) by every payout.
CREATE TABLE payouts.instructor_account (
  instructor_id  text PRIMARY KEY,
  earnings       bigint NOT NULL DEFAULT 0 CHECK (earnings >= 0),
  settled        bigint NOT NULL DEFAULT 0 CHECK (settled >= 0),
  CHECK (settled <= earnings)
);

-- A settlement record (spec: settleAmount, receivedAmount, settleDate, remarks, receipt, status).
CREATE TABLE payouts.settlement (
  id               text PRIMARY KEY,
  instructor_id    text NOT NULL,
  settle_amount    bigint NOT NULL CHECK (settle_amount >= 0),
  received_amount  bigint NOT NULL CHECK (received_amount >= 0 AND received_amount <= settle_amount),
  settle_day       date NOT NULL,
  remarks          text NOT NULL DEFAULT '',
  status           boolean NOT NULL,
  receipt_key      text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settlement_instructor_idx ON payouts.settlement (instructor_id, created_at);

-- Every movement of money to an instructor: a due settlement, or a settlement's received amount.
CREATE TABLE payouts.payout (
  id               text PRIMARY KEY,
  instructor_id    text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  kind             text NOT NULL CHECK (kind IN ('due', 'settlement')),
  settlement_id    text REFERENCES payouts.settlement (id),
  idempotency_key  text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (instructor_id, idempotency_key)
);
CREATE INDEX payout_instructor_idx ON payouts.payout (instructor_id, created_at);

-- The social figures of the analytics counters, entered by an admin (decision 0016).
CREATE TABLE payouts.social_figures (
  id          integer PRIMARY KEY CHECK (id = 1),
  figures     jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
