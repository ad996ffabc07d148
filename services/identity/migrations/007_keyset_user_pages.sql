-- The back office's user lists, a keyset page at a time (decision 0074): newest first by (created_at, id).
-- Each list reads its own index in order and stops after a page: every user, one type, subscribers,
-- social sign-ups. (created_at) alone is kept for the analytics' date ranges.
CREATE INDEX users_newest_idx ON identity.users (created_at DESC, id DESC);
CREATE INDEX users_type_newest_idx ON identity.users (type, created_at DESC, id DESC);
CREATE INDEX users_subscriber_newest_idx ON identity.users (created_at DESC, id DESC) WHERE subscriber;
CREATE INDEX users_social_newest_idx ON identity.users (created_at DESC, id DESC) WHERE login_from <> '';
