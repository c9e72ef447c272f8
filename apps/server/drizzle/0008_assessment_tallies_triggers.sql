-- assessment_tallies replaces assessment_counts: each row is one filter's total (0 = any), so a
-- list's total or a dashboard figure is a primary-key read. Statement triggers with transition
-- tables keep it in the same transaction as each change, one grouped upsert per statement (a bulk
-- insert of 100,000 rows touches each tally row once, not 100,000 times).
DROP TRIGGER IF EXISTS assessment_counts_track ON assessments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS assessment_counts_truncate ON assessments;
--> statement-breakpoint
DROP FUNCTION IF EXISTS assessment_counts_track();
--> statement-breakpoint
DROP FUNCTION IF EXISTS assessment_counts_truncate();
--> statement-breakpoint
-- The tally rows one assessment counts in: its status with each filter shape.
CREATE FUNCTION assessment_tally_keys(p integer, d integer, h integer, dep integer)
RETURNS TABLE (province_id integer, district_id integer, hospital_id integer, department_id integer)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (0, 0, 0, 0), ($1, 0, 0, 0), ($1, $2, 0, 0), ($1, $2, $3, 0), (0, 0, $3, 0), (0, 0, 0, $4)
$$;
--> statement-breakpoint
CREATE FUNCTION assessment_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO assessment_tallies AS t (status, province_id, district_id, hospital_id, department_id, n)
    SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int
    FROM new_rows c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (status, province_id, district_id, hospital_id, department_id) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE assessment_tallies t SET n = t.n - d.n
    FROM (
      SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int AS n
      FROM old_rows c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
      GROUP BY 1, 2, 3, 4, 5
    ) d
    WHERE (t.status, t.province_id, t.district_id, t.hospital_id, t.department_id)
      = (d.status, d.province_id, d.district_id, d.hospital_id, d.department_id);
  ELSE
    INSERT INTO assessment_tallies AS t (status, province_id, district_id, hospital_id, department_id, n)
    SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, sum(c.delta)::int
    FROM (
      SELECT status, job_province_id, job_district_id, hospital_id, department_id, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, job_province_id, job_district_id, hospital_id, department_id, -1 FROM old_rows
    ) c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.delta) <> 0
    ON CONFLICT (status, province_id, district_id, hospital_id, department_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_tallies_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_tallies_track();
--> statement-breakpoint
CREATE TRIGGER assessment_tallies_update AFTER UPDATE ON assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_tallies_track();
--> statement-breakpoint
CREATE TRIGGER assessment_tallies_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_tallies_track();
--> statement-breakpoint
CREATE FUNCTION assessment_tallies_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_tallies_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessment_tallies_truncate();
--> statement-breakpoint
INSERT INTO assessment_tallies (status, province_id, district_id, hospital_id, department_id, n)
SELECT a.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int
FROM assessments a, assessment_tally_keys(a.job_province_id, a.job_district_id, a.hospital_id, a.department_id) k
GROUP BY 1, 2, 3, 4, 5;
