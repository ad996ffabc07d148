-- 004 as first committed installed pg_trgm in public; it belongs in the catalogue's own schema
-- (decision 0031: a service's role has no CREATE on public in PostgreSQL 15, and the search's
-- queries name catalogue's functions). A database that ran the first 004 moves it here; the
-- indexes keep their operator classes.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
              WHERE e.extname = 'pg_trgm' AND n.nspname <> 'catalogue') THEN
    ALTER EXTENSION pg_trgm SET SCHEMA catalogue;
  END IF;
END
$$;
