-- Issue 12 §3: the kept anchors of deep pages (apps/server/src/modules/assessments/list-anchors.ts)
-- follow a write instead of being dropped by it. Under steady writes (the mixed benchmark: 50 a
-- second) every list lost its anchors at once, and a deep page sorted by name or phone read up to half
-- its list off the index (25 ms of PostgreSQL at 450,000 forms). Now each statement that changes a
-- few forms tells every instance which rows left and joined which lists, and where they sort: the
-- instance shifts the positions of the anchors after them. The notice carries the writing
-- transaction's id, so an instance can tell a change its anchors already hold (the transaction was
-- visible to the snapshot they were read in) from one they do not.
--
-- Each row is [sign, id, status, job_province_id, job_district_id, hospital_id, name_key,
-- fathername_key, birth_year, partner_key, phone]: -1 for the row as it was (it left its lists), +1
-- as it is now. An update says only the rows whose lists or sort keys changed. More rows than a few
-- dozen, or a notice too long for NOTIFY, and the notice is `order`: every instance drops every
-- anchor, as every write did before. `s` is a number from a sequence of its own: PostgreSQL delivers
-- a transaction's identical notices once, and two statements may change the same rows the same way.
CREATE SEQUENCE IF NOT EXISTS tna_row_change_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tna_notify_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint := 0;
  notice jsonb;
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tna_changes', 'order');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN SELECT count(*) INTO changed FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN SELECT changed + count(*) INTO changed FROM new_rows; END IF;
  IF changed > 64 THEN
    PERFORM pg_notify('tna_changes', 'order');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(1, n.id, n.status, n.job_province_id, n.job_district_id, n.hospital_id,
      n.name_key, n.fathername_key, n.birth_year, n.partner_key, n.phone)) INTO notice FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(-1, o.id, o.status, o.job_province_id, o.job_district_id, o.hospital_id,
      o.name_key, o.fathername_key, o.birth_year, o.partner_key, o.phone)) INTO notice FROM old_rows o;
  ELSE
    SELECT jsonb_agg(r) INTO notice FROM (
      SELECT x.r FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN o.id IS NOT NULL THEN jsonb_build_array(-1, o.id, o.status, o.job_province_id, o.job_district_id,
          o.hospital_id, o.name_key, o.fathername_key, o.birth_year, o.partner_key, o.phone) END),
        (CASE WHEN n.id IS NOT NULL THEN jsonb_build_array(1, n.id, n.status, n.job_province_id, n.job_district_id,
          n.hospital_id, n.name_key, n.fathername_key, n.birth_year, n.partner_key, n.phone) END)
      ) x(r)
      WHERE x.r IS NOT NULL AND (o.id IS NULL OR n.id IS NULL
        OR (o.status, o.job_province_id, o.job_district_id, o.hospital_id, o.name_key, o.fathername_key,
            o.birth_year, o.partner_key, o.phone, o.created_at)
          IS DISTINCT FROM (n.status, n.job_province_id, n.job_district_id, n.hospital_id, n.name_key,
            n.fathername_key, n.birth_year, n.partner_key, n.phone, n.created_at))
    ) changed_rows;
  END IF;
  IF notice IS NULL THEN
    RETURN NULL;
  END IF;
  payload := 'rows:' || jsonb_build_object('x', pg_current_xact_id()::text, 's', nextval('tna_row_change_seq'),
    'r', notice)::text;
  -- NOTIFY takes at most 8,000 bytes.
  IF octet_length(payload) > 7900 THEN
    payload := 'order';
  END IF;
  PERFORM pg_notify('tna_changes', payload);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessments_notify_rows_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_rows();
--> statement-breakpoint
CREATE TRIGGER assessments_notify_rows_update AFTER UPDATE ON assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_rows();
--> statement-breakpoint
CREATE TRIGGER assessments_notify_rows_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_rows();
--> statement-breakpoint
CREATE TRIGGER assessments_notify_rows_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION tna_notify_rows();
