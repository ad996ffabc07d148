-- The gift-card store (issue 11, decision on gift cards): categories, products, store orders,
-- their card payment attempts, the issued gift cards (secret codes kept only as sha256 hashes),
-- the mails that carry the codes (until sent) and the contacts' languages.

CREATE TABLE store.category (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  image       text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store.product (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  param       text NOT NULL UNIQUE,
  price       bigint NOT NULL CHECK (price > 0),
  old_price   bigint NOT NULL CHECK (old_price >= 0),
  value       bigint NOT NULL CHECK (value > 0),
  validity    text NOT NULL,
  description text NOT NULL,
  image       text NOT NULL DEFAULT '',
  sold        integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  deleted     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A store order: one product, a quantity, the total computed here (price x quantity).
CREATE TABLE store.store_order (
  id                text PRIMARY KEY,
  user_id           text NOT NULL,
  user_name         text NOT NULL,
  user_email        text NOT NULL,
  user_phone        text NOT NULL DEFAULT '',
  for_myself        boolean NOT NULL,
  shipping_name     text NOT NULL DEFAULT '',
  shipping_email    text NOT NULL DEFAULT '',
  shipping_phone    text NOT NULL DEFAULT '',
  gift_card_from    text NOT NULL DEFAULT '',
  gift_card_message text NOT NULL DEFAULT '',
  language          text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'bn')),
  product_id        text NOT NULL REFERENCES store.product (id),
  item_name         text NOT NULL,
  item_price        bigint NOT NULL CHECK (item_price > 0),
  item_value        bigint NOT NULL CHECK (item_value > 0),
  quantity          integer NOT NULL CHECK (quantity >= 1 AND quantity <= 100),
  total_price       bigint NOT NULL CHECK (total_price = item_price * quantity),
  status            text NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'paid', 'cancelled')),
  card_type         text NOT NULL DEFAULT '',
  card_issuer       text NOT NULL DEFAULT '',
  card_category     text NOT NULL DEFAULT '',
  store_amount      bigint NOT NULL DEFAULT 0,
  tran_id           text NOT NULL DEFAULT '',
  paid_at           timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_order_user_idx ON store.store_order (user_id, created_at);
CREATE INDEX store_order_created_idx ON store.store_order (created_at);

-- One row per gateway session (decision 0014's rules): store.card_payment, the table every
-- card-selling service keeps, is created by @taal/payments' migrateCardAttempts after these files.

-- One card per unit of a paid order. The secret code exists only as its sha256 (code_hash).
CREATE TABLE store.gift_card (
  id             text PRIMARY KEY,
  order_id       text NOT NULL REFERENCES store.store_order (id),
  code_hash      text NOT NULL UNIQUE,
  sender_name    text NOT NULL,
  purchased_by   text NOT NULL,
  receiver_name  text NOT NULL,
  receiver_email text NOT NULL,
  receiver_phone text NOT NULL,
  message        text NOT NULL DEFAULT '',
  product_name   text NOT NULL,
  value          bigint NOT NULL CHECK (value > 0),
  price          bigint NOT NULL CHECK (price > 0),
  valid_from     timestamptz NOT NULL,
  valid_to       timestamptz NOT NULL,
  used           boolean NOT NULL DEFAULT false,
  used_at        timestamptz,
  used_by        text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (used = (used_at IS NOT NULL) AND used = (used_by IS NOT NULL))
);
CREATE INDEX gift_card_order_idx ON store.gift_card (order_id);

-- The mails that carry codes, written in the paying transaction; the body is blanked once sent,
-- so the plain codes live only until the mail has left.
CREATE TABLE store.code_mail (
  id         text PRIMARY KEY,
  order_id   text NOT NULL REFERENCES store.store_order (id),
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  sent_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_mail_pending_idx ON store.code_mail (created_at) WHERE sent_at IS NULL;

-- Users' languages from identity.user.registered (a receiver's mail is in their language).
CREATE TABLE store.contact (
  email    text PRIMARY KEY,
  user_id  text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'bn'))
);
