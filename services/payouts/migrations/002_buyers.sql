-- Buyers' names, kept from identity.user.registered: an instructor's sales table shows who
-- bought (spec: instructor sale row user_name), and identity tells instructors no one's name.
CREATE TABLE payouts.buyer (
  user_id  text PRIMARY KEY,
  name     text NOT NULL
);
