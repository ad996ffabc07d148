-- Kept counts (issue 51, decision 0083): every course, the published ones with what they sold, and
-- every instructor, kept by triggers in the writing transaction (whatever code writes), so the
-- back office's counters and the course list's figures read one row each instead of counting.
CREATE TABLE catalogue.kept_count (
  name  text PRIMARY KEY,
  n     bigint NOT NULL
);
INSERT INTO catalogue.kept_count (name, n) VALUES
  ('courses', (SELECT count(*) FROM catalogue.course)),
  ('published_courses', (SELECT count(*) FROM catalogue.course WHERE published)),
  ('published_sold', (SELECT coalesce(sum(sold), 0) FROM catalogue.course WHERE published)),
  ('instructors', (SELECT count(*) FROM catalogue.instructor));

CREATE FUNCTION catalogue.kept_count_add(what text, by bigint) RETURNS void
  LANGUAGE sql
  AS $$ UPDATE catalogue.kept_count SET n = n + by WHERE name = what AND by <> 0 $$;

CREATE FUNCTION catalogue.course_counts_keep() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- Always in the same order (courses, published courses, their sales): parallel writers never deadlock.
    PERFORM catalogue.kept_count_add('courses', CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END);
    IF TG_OP = 'INSERT' THEN
      PERFORM catalogue.kept_count_add('published_courses', NEW.published::int);
      PERFORM catalogue.kept_count_add('published_sold', CASE WHEN NEW.published THEN NEW.sold ELSE 0 END);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM catalogue.kept_count_add('published_courses', -OLD.published::int);
      PERFORM catalogue.kept_count_add('published_sold', CASE WHEN OLD.published THEN -OLD.sold ELSE 0 END);
    ELSE
      PERFORM catalogue.kept_count_add('published_courses', NEW.published::int - OLD.published::int);
      PERFORM catalogue.kept_count_add('published_sold', CASE WHEN NEW.published THEN NEW.sold ELSE 0 END - CASE WHEN OLD.published THEN OLD.sold ELSE 0 END);
    END IF;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER course_kept_counts AFTER INSERT OR DELETE OR UPDATE OF published, sold ON catalogue.course
  FOR EACH ROW EXECUTE FUNCTION catalogue.course_counts_keep();

CREATE FUNCTION catalogue.instructor_counts_keep() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('instructors', CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END);
    RETURN NULL;
  END
  $$;
CREATE TRIGGER instructor_kept_counts AFTER INSERT OR DELETE ON catalogue.instructor
  FOR EACH ROW EXECUTE FUNCTION catalogue.instructor_counts_keep();
