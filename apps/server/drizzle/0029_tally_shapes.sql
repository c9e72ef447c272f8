-- Issue 12: the dashboard's figures read whole shapes of the tallies (every status's total, every
-- province's, every department's); the primary key, led by the status, could not find them without
-- reading the whole table, thick with old row versions under steady writes (bench/README.md,
-- 2026-12-03, sixth session).
CREATE INDEX "assessment_tallies_shape_idx" ON "assessment_tallies" USING btree ("district_id","hospital_id","province_id","department_id","status");
