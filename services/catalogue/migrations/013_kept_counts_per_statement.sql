-- Kept counts once per statement, not once per row (decision 0083, amended by issue 51's full-size seed).
-- A row trigger updated the same kept_count row once per written row: a statement writing n courses
-- left n versions of that row in its transaction, and each update walked the versions before it, so
-- 100,000 courses inserted in one statement took 450 s where 20,000 took 11 s. Statement triggers read
-- the statement's rows from its transition tables and add each figure once: a bulk write costs its
-- rows, and a one-row write the same as before. Postgres allows transition tables only on single-event
-- triggers without a column list, hence one trigger per event, and the update trigger runs on every
-- update statement (it sums nothing when neither published nor sold changed).
DROP TRIGGER course_kept_counts ON catalogue.course;
DROP TRIGGER instructor_kept_counts ON catalogue.instructor;
DROP FUNCTION catalogue.course_counts_keep();
DROP FUNCTION catalogue.instructor_counts_keep();

-- Always the same order (courses, published courses, their sales): parallel writers never deadlock.
CREATE FUNCTION catalogue.course_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('courses', (SELECT count(*) FROM added));
    PERFORM catalogue.kept_count_add('published_courses', (SELECT count(*) FROM added WHERE published));
    PERFORM catalogue.kept_count_add('published_sold', (SELECT coalesce(sum(sold), 0) FROM added WHERE published));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER course_kept_counts_insert AFTER INSERT ON catalogue.course
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalogue.course_counts_inserted();

CREATE FUNCTION catalogue.course_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('courses', -(SELECT count(*) FROM removed));
    PERFORM catalogue.kept_count_add('published_courses', -(SELECT count(*) FROM removed WHERE published));
    PERFORM catalogue.kept_count_add('published_sold', -(SELECT coalesce(sum(sold), 0) FROM removed WHERE published));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER course_kept_counts_delete AFTER DELETE ON catalogue.course
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION catalogue.course_counts_deleted();

CREATE FUNCTION catalogue.course_counts_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('published_courses',
      (SELECT coalesce(sum(n.published::int - o.published::int), 0) FROM old_rows o JOIN new_rows n USING (id)));
    PERFORM catalogue.kept_count_add('published_sold',
      (SELECT coalesce(sum(CASE WHEN n.published THEN n.sold ELSE 0 END - CASE WHEN o.published THEN o.sold ELSE 0 END), 0)
         FROM old_rows o JOIN new_rows n USING (id)));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER course_kept_counts_update AFTER UPDATE ON catalogue.course
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue.course_counts_updated();

CREATE FUNCTION catalogue.instructor_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('instructors', (SELECT count(*) FROM added));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER instructor_kept_counts_insert AFTER INSERT ON catalogue.instructor
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalogue.instructor_counts_inserted();

CREATE FUNCTION catalogue.instructor_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM catalogue.kept_count_add('instructors', -(SELECT count(*) FROM removed));
    RETURN NULL;
  END
  $$;
CREATE TRIGGER instructor_kept_counts_delete AFTER DELETE ON catalogue.instructor
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION catalogue.instructor_counts_deleted();
