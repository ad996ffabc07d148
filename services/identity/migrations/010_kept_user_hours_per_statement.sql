-- Kept user counts per hour (migration 008) added once per statement (issue 51, decision 0091), as
-- catalogue's migration 013 and identity's 009: a row trigger updated an hour's row once per written
-- user, so a bulk write of a million users (the scale seed) left that many dead versions of 26,000
-- rows: 50 MB that the users' analytics read whole (6,370 pages for a sum of 26,000 rows). Statement
-- triggers read the statement's transition tables and add each hour's change once, hours in order.
DROP TRIGGER users_kept_counts ON identity.users;
DROP FUNCTION identity.user_hour_keep();
DROP FUNCTION identity.user_hour_count(timestamptz, boolean, boolean, integer);

-- Each hour's change (rows whose change is nothing are not written), earliest hour first.
CREATE FUNCTION identity.user_hour_add(changes jsonb) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO identity.user_hour (hour, total, verified, subscriber)
    SELECT (c->>'hour')::bigint, (c->>'total')::integer, (c->>'verified')::integer, (c->>'subscriber')::integer
      FROM jsonb_array_elements(changes) AS c
     WHERE (c->>'total')::integer <> 0 OR (c->>'verified')::integer <> 0 OR (c->>'subscriber')::integer <> 0
     ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET
      total = identity.user_hour.total + EXCLUDED.total,
      verified = identity.user_hour.verified + EXCLUDED.verified,
      subscriber = identity.user_hour.subscriber + EXCLUDED.subscriber
  $$;


CREATE FUNCTION identity.user_hours_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_hour_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('hour', hour, 'total', n, 'verified', v, 'subscriber', s)), '[]'::jsonb)
        FROM (SELECT floor(extract(epoch FROM created_at) / 3600)::bigint AS hour, count(*) AS n,
                     count(*) FILTER (WHERE email_verify) AS v, count(*) FILTER (WHERE subscriber) AS s
                FROM added GROUP BY 1) AS h));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_hours_insert AFTER INSERT ON identity.users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION identity.user_hours_inserted();

CREATE FUNCTION identity.user_hours_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_hour_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('hour', hour, 'total', -n, 'verified', -v, 'subscriber', -s)), '[]'::jsonb)
        FROM (SELECT floor(extract(epoch FROM created_at) / 3600)::bigint AS hour, count(*) AS n,
                     count(*) FILTER (WHERE email_verify) AS v, count(*) FILTER (WHERE subscriber) AS s
                FROM removed GROUP BY 1) AS h));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_hours_delete AFTER DELETE ON identity.users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION identity.user_hours_deleted();

-- Each updated user whose join time, verification or subscription changed leaves its old hour's
-- figures and joins its new hour's; any other update (a name, a password, a sign-in) writes no row.
CREATE FUNCTION identity.user_hours_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_hour_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('hour', hour, 'total', n, 'verified', v, 'subscriber', s)), '[]'::jsonb)
        FROM (SELECT hour, sum(n) AS n, sum(v) AS v, sum(s) AS s
                FROM (SELECT floor(extract(epoch FROM o.created_at) / 3600)::bigint AS hour, -1 AS n, -(CASE WHEN o.email_verify THEN 1 ELSE 0 END) AS v, -(CASE WHEN o.subscriber THEN 1 ELSE 0 END) AS s
                        FROM old_rows o JOIN new_rows w USING (id)
                       WHERE (o.created_at, o.email_verify, o.subscriber) IS DISTINCT FROM (w.created_at, w.email_verify, w.subscriber)
                      UNION ALL
                      SELECT floor(extract(epoch FROM w.created_at) / 3600)::bigint, 1, CASE WHEN w.email_verify THEN 1 ELSE 0 END, CASE WHEN w.subscriber THEN 1 ELSE 0 END
                        FROM old_rows o JOIN new_rows w USING (id)
                       WHERE (o.created_at, o.email_verify, o.subscriber) IS DISTINCT FROM (w.created_at, w.email_verify, w.subscriber)) AS moves
               GROUP BY hour) AS h));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_hours_update AFTER UPDATE ON identity.users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION identity.user_hours_updated();

-- A database the row trigger filled in bulk keeps the dead versions' pages (VACUUM frees them, does not give
-- them back): the hours are written anew, compact, in their order (26,000 rows at three years: milliseconds).
CLUSTER identity.user_hour USING user_hour_pkey;
