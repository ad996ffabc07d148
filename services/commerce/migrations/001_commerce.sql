-- Commerce tables. Always schema-qualified: in embedded mode all services share one session.
-- Money is integer poisha (bigint), decision 0001; the money rules are decision 0012.

-- One entry per user and course; price and validity as the catalogue gave them when added
-- (an order prices the items again from the catalogue).
CREATE TABLE commerce.cart_item (
  user_id        text NOT NULL,
  course_id      text NOT NULL,
  tier           text NOT NULL CHECK (tier IN ('silver', 'gold', 'diamond')),
  title          text NOT NULL DEFAULT '',
  price          bigint NOT NULL CHECK (price >= 0),
  validity_days  integer NOT NULL CHECK (validity_days > 0),
  added_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, course_id)
);

CREATE TABLE commerce.wishlist_item (
  user_id    text NOT NULL,
  course_id  text NOT NULL,
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, course_id)
);

-- times_used counts paid orders only; the CHECK is the last guard of the limit.
CREATE TABLE commerce.voucher (
  id           text PRIMARY KEY,
  code         text NOT NULL,
  code_key     text NOT NULL UNIQUE,
  percent      integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
  use_limit    integer NOT NULL CHECK (use_limit > 0),
  times_used   integer NOT NULL DEFAULT 0 CHECK (times_used >= 0 AND times_used <= use_limit),
  -- Last day of use, Bangladesh time.
  expire_date  date NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The balance is the sum of the user's ledger entries, kept beside them in the same
-- transaction; the CHECK makes a debit that would take it below zero fail.
CREATE TABLE commerce.wallet (
  user_id          text PRIMARY KEY,
  balance          bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  pending_balance  bigint NOT NULL DEFAULT 0 CHECK (pending_balance >= 0)
);

CREATE TABLE commerce.ledger_entry (
  id          bigserial PRIMARY KEY,
  user_id     text NOT NULL REFERENCES commerce.wallet (user_id),
  kind        text NOT NULL CHECK (kind IN ('referral_bonus', 'gift_card_redemption', 'refund', 'release', 'reservation', 'checkout')),
  amount      bigint NOT NULL CHECK (amount <> 0),
  order_id    text,
  reference   text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('reservation', 'checkout') AND amount < 0) OR (kind NOT IN ('reservation', 'checkout') AND amount > 0))
);
CREATE INDEX ledger_entry_user_idx ON commerce.ledger_entry (user_id, id);
-- At most one of each movement per order, and each credit reference counts once.
CREATE UNIQUE INDEX ledger_entry_order_kind_idx ON commerce.ledger_entry (order_id, kind) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entry_reference_idx ON commerce.ledger_entry (kind, reference) WHERE reference IS NOT NULL;

CREATE TABLE commerce.purchase_order (
  id               text PRIMARY KEY,
  user_id          text NOT NULL,
  status           text NOT NULL CHECK (status IN ('unpaid', 'paid', 'expired', 'cancelled')),
  subtotal         bigint NOT NULL CHECK (subtotal >= 0),
  voucher_code     text,
  voucher_percent  integer NOT NULL DEFAULT 0 CHECK (voucher_percent BETWEEN 0 AND 100),
  discount         bigint NOT NULL CHECK (discount >= 0),
  wallet_used      bigint NOT NULL CHECK (wallet_used >= 0),
  payable          bigint NOT NULL CHECK (payable >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  CHECK (wallet_used + discount + payable = subtotal),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX purchase_order_user_idx ON commerce.purchase_order (user_id, created_at DESC);
CREATE INDEX purchase_order_unpaid_idx ON commerce.purchase_order (expires_at) WHERE status = 'unpaid';

CREATE TABLE commerce.order_item (
  order_id       text NOT NULL REFERENCES commerce.purchase_order (id),
  position       integer NOT NULL,
  course_id      text NOT NULL,
  tier           text NOT NULL CHECK (tier IN ('silver', 'gold', 'diamond')),
  title          text NOT NULL DEFAULT '',
  price          bigint NOT NULL CHECK (price >= 0),
  validity_days  integer NOT NULL CHECK (validity_days > 0),
  price_paid     bigint NOT NULL CHECK (price_paid >= 0 AND price_paid <= price),
  PRIMARY KEY (order_id, course_id)
);
