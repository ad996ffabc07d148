-- Kept user counts (issue 51, decision 0083): users who joined in each hour (hours since the
-- Unix epoch, so no time zone is written here: a Bangladesh day is 24 whole hours), with how many
-- of them are verified and subscribed now. A trigger keeps them on every insert, delete and change
-- of created_at, email_verify or subscriber, in the writing transaction, whatever code writes; the
-- user analytics read at most 24 rows a day of their range instead of every user.
CREATE TABLE identity.user_hour (
  hour        bigint PRIMARY KEY,
  total       integer NOT NULL,
  verified    integer NOT NULL,
  subscriber  integer NOT NULL
);

CREATE FUNCTION identity.user_hour_count(at timestamptz, verified boolean, subscriber boolean, sign integer) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO identity.user_hour (hour, total, verified, subscriber)
    VALUES (floor(extract(epoch FROM at) / 3600)::bigint, sign, CASE WHEN verified THEN sign ELSE 0 END, CASE WHEN subscriber THEN sign ELSE 0 END)
    ON CONFLICT (hour) DO UPDATE SET
      total = identity.user_hour.total + EXCLUDED.total,
      verified = identity.user_hour.verified + EXCLUDED.verified,
      subscriber = identity.user_hour.subscriber + EXCLUDED.subscriber
  $$;

CREATE FUNCTION identity.user_hour_keep() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM identity.user_hour_count(OLD.created_at, OLD.email_verify, OLD.subscriber, -1);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM identity.user_hour_count(NEW.created_at, NEW.email_verify, NEW.subscriber, 1);
    END IF;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER users_kept_counts AFTER INSERT OR DELETE OR UPDATE OF created_at, email_verify, subscriber ON identity.users
  FOR EACH ROW EXECUTE FUNCTION identity.user_hour_keep();

INSERT INTO identity.user_hour (hour, total, verified, subscriber)
SELECT floor(extract(epoch FROM created_at) / 3600)::bigint, count(*), count(*) FILTER (WHERE email_verify), count(*) FILTER (WHERE subscriber)
  FROM identity.users GROUP BY 1;
