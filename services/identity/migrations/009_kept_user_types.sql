-- Kept user counts per type (issue 51, decision 0089 "Finished"): every user now, per type (1 admin,
-- 2 content uploader, 3 instructor, 4 student), with how many of them are subscribed. The admin
-- dashboard reads these four rows instead of counting the users. Statement triggers with transition
-- tables (as catalogue's migration 013): a statement writing n users adds each figure once, so a bulk
-- write costs its rows and touches at most one row per type, in type order (parallel writers never
-- deadlock). A role change or a subscription turned on or off moves its users between rows.
CREATE TABLE identity.user_type_count (
  type        smallint PRIMARY KEY,
  total       integer NOT NULL,
  subscriber  integer NOT NULL
);

-- The change of each type (rows whose change is nothing are not written), lowest type first.
CREATE FUNCTION identity.user_type_count_add(changes jsonb) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO identity.user_type_count (type, total, subscriber)
    SELECT (c->>'type')::smallint, (c->>'total')::integer, (c->>'subscriber')::integer
      FROM jsonb_array_elements(changes) AS c
     WHERE (c->>'total')::integer <> 0 OR (c->>'subscriber')::integer <> 0
     ORDER BY 1
    ON CONFLICT (type) DO UPDATE SET
      total = identity.user_type_count.total + EXCLUDED.total,
      subscriber = identity.user_type_count.subscriber + EXCLUDED.subscriber
  $$;

CREATE FUNCTION identity.user_types_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_type_count_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('type', type, 'total', n, 'subscriber', s)), '[]'::jsonb)
        FROM (SELECT type, count(*) AS n, count(*) FILTER (WHERE subscriber) AS s FROM added GROUP BY type) AS t));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_types_insert AFTER INSERT ON identity.users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION identity.user_types_inserted();

CREATE FUNCTION identity.user_types_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_type_count_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('type', type, 'total', -n, 'subscriber', -s)), '[]'::jsonb)
        FROM (SELECT type, count(*) AS n, count(*) FILTER (WHERE subscriber) AS s FROM removed GROUP BY type) AS t));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_types_delete AFTER DELETE ON identity.users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION identity.user_types_deleted();

-- Each updated user leaves its old type (and subscription) and joins its new one; an update that
-- changes neither (a name, a password) sums to nothing and writes no row.
CREATE FUNCTION identity.user_types_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM identity.user_type_count_add((
      SELECT coalesce(jsonb_agg(jsonb_build_object('type', type, 'total', n, 'subscriber', s)), '[]'::jsonb)
        FROM (SELECT type, sum(n) AS n, sum(s) AS s
                FROM (SELECT o.type, -1 AS n, -(o.subscriber::int) AS s FROM old_rows o JOIN new_rows w USING (id)
                       WHERE o.type <> w.type OR o.subscriber <> w.subscriber
                      UNION ALL
                      SELECT w.type, 1, w.subscriber::int FROM old_rows o JOIN new_rows w USING (id)
                       WHERE o.type <> w.type OR o.subscriber <> w.subscriber) AS moves
               GROUP BY type) AS t));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER users_kept_types_update AFTER UPDATE ON identity.users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION identity.user_types_updated();

INSERT INTO identity.user_type_count (type, total, subscriber)
SELECT type, count(*), count(*) FILTER (WHERE subscriber) FROM identity.users GROUP BY type;
