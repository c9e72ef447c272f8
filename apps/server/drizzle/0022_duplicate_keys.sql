DROP INDEX "assessments_tazkira_idx";--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "tazkira_key" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "person_key" text;--> statement-breakpoint
CREATE INDEX "assessments_tazkira_key_idx" ON "assessments" USING btree ("tazkira_key");--> statement-breakpoint
CREATE INDEX "assessments_person_key_idx" ON "assessments" USING btree ("person_key","birth_year","hospital_id");--> statement-breakpoint
-- Written by hand (Drizzle does not write functions). The tally upserts of migration 0008 took their
-- rows' locks in the order of a hash aggregate, so two forms written at once (a create and a status
-- move, or two creates in one province) could each hold a tally row the other waited for: the
-- mixed benchmark met "deadlock detected" (a 500) within seconds at 32 clients. In key order, every
-- writer takes the rows it shares with another in the same order, and waits instead.
CREATE OR REPLACE FUNCTION assessment_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO assessment_tallies AS t (status, province_id, district_id, hospital_id, department_id, n)
    SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int
    FROM new_rows c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
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
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (status, province_id, district_id, hospital_id, department_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
