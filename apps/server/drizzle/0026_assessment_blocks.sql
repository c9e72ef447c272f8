CREATE TABLE "assessment_blocks" (
	"status" text NOT NULL,
	"province_id" integer NOT NULL,
	"block" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "assessment_blocks_status_province_id_block_pk" PRIMARY KEY("status","province_id","block")
);
--> statement-breakpoint
-- A page sums about a thousand of these rows, read off the covering index below; a row changed since
-- the last vacuum is read from the table. Half-empty pages keep a changed row on its page, and the
-- table is vacuumed after a few thousand changes rather than a fifth of the table, so that few
-- rows need the table and those that do sit together (a three-province page: 16 ms when they did
-- not, 1.2 ms when they do).
ALTER TABLE "assessment_blocks" SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 2000);
--> statement-breakpoint
-- The lists read their ids off indexes alone while the visibility map says a page of the table holds
-- no row changed since the last vacuum. PostgreSQL's default waits for a fifth of the table to change
-- (200,000 forms at 1M); by then edits and status moves had touched pages all over it, and a page of
-- a province's list sorted by name read 522 of its 3,000 entries from the table (20 ms, against 1.5 ms
-- after a VACUUM that took 4.6 s). One per cent keeps the map fresh at little cost.
ALTER TABLE "assessments" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
-- The rows a page sums, read in block order off the index alone (INCLUDE, which Drizzle's schema
-- cannot express): 0.45 ms instead of 1.3 ms for a page 300,000 rows deep at 1M forms.
CREATE UNIQUE INDEX "assessment_blocks_covering_idx" ON "assessment_blocks" ("status", "province_id", "block") INCLUDE ("n");
--> statement-breakpoint
-- Issue 12 §3: the counts (assessment_tallies, assessment_blocks) are changed when a transaction
-- commits, not when its statement runs. Every new form adds to the same few rows (NEW over every
-- province, its province, the newest block), and an upsert locks its rows until the transaction
-- ends; a form's transaction then still wrote its trainings, audit and history, so every other new
-- form waited behind it (the mixed benchmark at 1M forms: creates' p95 over a second, the waits
-- all "Lock: transactionid" on the insert). Now each statement's trigger records what it changes
-- in assessment_count_changes, and a deferred trigger applies a transaction's changes as it
-- commits: the rows are locked for the commit alone, and in one order (no deadlocks between
-- import batches either).
CREATE TABLE "assessment_count_changes" (
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"tallies" jsonb,
	"blocks" jsonb
);
--> statement-breakpoint
CREATE INDEX "assessment_count_changes_tx_idx" ON "assessment_count_changes" ("tx");
--> statement-breakpoint
-- Every write adds rows and its commit deletes them: vacuumed often, so it stays a few pages.
ALTER TABLE "assessment_count_changes" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assessment_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.district_id, g.hospital_id, g.department_id, g.n))
    INTO changes FROM (
      SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int AS n
      FROM new_rows c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
      GROUP BY 1, 2, 3, 4, 5
    ) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.district_id, g.hospital_id, g.department_id, g.n))
    INTO changes FROM (
      SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, -count(*)::int AS n
      FROM old_rows c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
      GROUP BY 1, 2, 3, 4, 5
    ) g;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.district_id, g.hospital_id, g.department_id, g.n))
    INTO changes FROM (
      SELECT c.status, k.province_id, k.district_id, k.hospital_id, k.department_id, sum(c.delta)::int AS n
      FROM (
        SELECT status, job_province_id, job_district_id, hospital_id, department_id, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, job_province_id, job_district_id, hospital_id, department_id, -1 FROM old_rows
      ) c, assessment_tally_keys(c.job_province_id, c.job_district_id, c.hospital_id, c.department_id) k
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(c.delta) <> 0
    ) g;
  END IF;
  IF changes IS NOT NULL THEN
    INSERT INTO assessment_count_changes (tallies) VALUES (changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Issue 12 §3: how many forms of a status each block of 1,024 ids holds, over every province (0)
-- and per province. A deep page newest first sums these small rows to find its block, instead of
-- anchors that every write made stale (and that took a scan of the whole list to find again).
-- Statement triggers with transition tables, as for assessment_tallies (migration 0008): one grouped
-- change per statement.
CREATE FUNCTION assessment_blocks_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.block, g.n)) INTO changes FROM (
      SELECT c.status, p.province_id, c.id >> 10 AS block, count(*)::int AS n
      FROM new_rows c, LATERAL (VALUES (0), (c.job_province_id)) p(province_id)
      GROUP BY 1, 2, 3
    ) g;
  ELSE
    -- An update counts its rows out of their old status and province and into the new; one that
    -- changes neither (an edit) sums to nothing and records nothing.
    SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.block, g.n)) INTO changes FROM (
      SELECT c.status, p.province_id, c.id >> 10 AS block, sum(c.delta)::int AS n
      FROM (
        SELECT id, status, job_province_id, 1 AS delta FROM new_rows
        UNION ALL
        SELECT id, status, job_province_id, -1 FROM old_rows
      ) c, LATERAL (VALUES (0), (c.job_province_id)) p(province_id)
      GROUP BY 1, 2, 3
      HAVING sum(c.delta) <> 0
    ) g;
  END IF;
  IF changes IS NOT NULL THEN
    INSERT INTO assessment_count_changes (blocks) VALUES (changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION assessment_blocks_track_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_array(g.status, g.province_id, g.block, g.n)) INTO changes FROM (
    SELECT c.status, p.province_id, c.id >> 10 AS block, -count(*)::int AS n
    FROM old_rows c, LATERAL (VALUES (0), (c.job_province_id)) p(province_id)
    GROUP BY 1, 2, 3
  ) g;
  IF changes IS NOT NULL THEN
    INSERT INTO assessment_count_changes (blocks) VALUES (changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A transaction's first firing applies all its statements' changes, summed, in key order; the
-- others find nothing left.
CREATE FUNCTION assessment_count_changes_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO assessment_tallies AS t (status, province_id, district_id, hospital_id, department_id, n)
  SELECT x->>0, (x->>1)::int, (x->>2)::int, (x->>3)::int, (x->>4)::int, sum((x->>5)::int)::int
  FROM assessment_count_changes c, jsonb_array_elements(c.tallies) x
  WHERE c.tx = pg_current_xact_id()
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum((x->>5)::int) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (status, province_id, district_id, hospital_id, department_id) DO UPDATE SET n = t.n + excluded.n;
  INSERT INTO assessment_blocks AS b (status, province_id, block, n)
  SELECT x->>0, (x->>1)::int, (x->>2)::int, sum((x->>3)::int)::int
  FROM assessment_count_changes c, jsonb_array_elements(c.blocks) x
  WHERE c.tx = pg_current_xact_id()
  GROUP BY 1, 2, 3
  HAVING sum((x->>3)::int) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (status, province_id, block) DO UPDATE SET n = b.n + excluded.n;
  DELETE FROM assessment_count_changes WHERE tx = pg_current_xact_id();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER assessment_count_changes_apply AFTER INSERT ON assessment_count_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION assessment_count_changes_apply();
--> statement-breakpoint
CREATE TRIGGER assessment_blocks_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_blocks_track();
--> statement-breakpoint
CREATE TRIGGER assessment_blocks_update AFTER UPDATE ON assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_blocks_track();
--> statement-breakpoint
CREATE TRIGGER assessment_blocks_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assessment_blocks_track_delete();
--> statement-breakpoint
-- A truncate empties the counts; changes recorded earlier in its transaction no longer apply.
CREATE OR REPLACE FUNCTION assessment_tallies_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_count_changes WHERE tx = pg_current_xact_id();
  DELETE FROM assessment_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION assessment_blocks_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_count_changes WHERE tx = pg_current_xact_id();
  DELETE FROM assessment_blocks;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_blocks_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessment_blocks_truncate();
--> statement-breakpoint
INSERT INTO assessment_blocks (status, province_id, block, n)
SELECT a.status, p.province_id, a.id >> 10, count(*)::int
FROM assessments a, LATERAL (VALUES (0), (a.job_province_id)) p(province_id)
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
