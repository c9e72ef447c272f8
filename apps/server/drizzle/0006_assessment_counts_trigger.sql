-- Keep assessment_counts in step with assessments, in the same transaction as each change.
CREATE OR REPLACE FUNCTION assessment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE assessment_counts SET n = n - 1
    WHERE status = OLD.status AND job_province_id = OLD.job_province_id AND job_district_id = OLD.job_district_id
      AND hospital_id = OLD.hospital_id AND department_id = OLD.department_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO assessment_counts AS c (status, job_province_id, job_district_id, hospital_id, department_id, n)
    VALUES (NEW.status, NEW.job_province_id, NEW.job_district_id, NEW.hospital_id, NEW.department_id, 1)
    ON CONFLICT (status, job_province_id, job_district_id, hospital_id, department_id) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_counts_track
  AFTER INSERT OR DELETE OR UPDATE OF status, job_province_id, job_district_id, hospital_id, department_id
  ON assessments FOR EACH ROW EXECUTE FUNCTION assessment_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assessment_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_counts_truncate AFTER TRUNCATE ON assessments FOR EACH STATEMENT EXECUTE FUNCTION assessment_counts_truncate();
--> statement-breakpoint
INSERT INTO assessment_counts (status, job_province_id, job_district_id, hospital_id, department_id, n)
SELECT status, job_province_id, job_district_id, hospital_id, department_id, count(*)::int
FROM assessments GROUP BY 1, 2, 3, 4, 5;
