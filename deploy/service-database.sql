-- One service's own database role (issue 22): run once per service that has a database, as a
-- superuser or a role with CREATEROLE that owns the database:
--   psql "$ADMIN_DATABASE_URL" -v service=store -v password="$password" -f deploy/service-database.sql
-- Makes the role taal_<service> (LOGIN, with that password when it is new; an existing role keeps
-- its own) and gives it the schema <service> and everything in it, and no right on any other
-- schema. It also gets CREATE on the database: the kit's migrations run `CREATE SCHEMA IF NOT
-- EXISTS`, which Postgres checks against that right even when the schema exists; it lets the role
-- make new schemas of its own, never read another's. Safe to run again; on a database that ran
-- with one shared role, it hands the service's existing schema and tables to its own role.
\set ON_ERROR_STOP on
\set role taal_:service
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'role', :'password')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role') \gexec
-- A non-superuser admin must be a member of the role to give it the schema.
SELECT format('GRANT %I TO %I', :'role', current_user)
  WHERE NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, :'role', 'MEMBER') \gexec
SELECT format('GRANT CONNECT, CREATE ON DATABASE %I TO %I', current_database(), :'role') \gexec
SELECT format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', :'service', :'role') \gexec
SELECT format('ALTER SCHEMA %I OWNER TO %I', :'service', :'role') \gexec
-- Tables, views and sequences made before (by a shared role); sequences of a column move with their table.
SELECT format('ALTER %s %I.%I OWNER TO %I',
    CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
    n.nspname, c.relname, :'role')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = :'service' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
    AND pg_get_userbyid(c.relowner) <> :'role'
    AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
    AND NOT c.relispartition \gexec
